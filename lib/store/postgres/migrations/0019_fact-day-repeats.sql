-- Up Migration

-- Each stored day of the carts and the purchases keeps how many of its records are also stored
-- on another day of the account (or twice on it): a range whose days all say 0 holds each record
-- once, and its reads need not number the copies to keep the first (the Abandonment panels'
-- selections, lib/store/cart-panel-sql.ts). NULL (days written before this column) is unknown:
-- read as if they repeated. The carts' ids get the index the purchases' have (0013), which the
-- count reads.

ALTER TABLE salesdash_cart_fact_days ADD COLUMN repeats INTEGER;
ALTER TABLE salesdash_purchase_fact_days ADD COLUMN repeats INTEGER;
CREATE INDEX IF NOT EXISTS salesdash_cart_facts_checkout ON salesdash_cart_facts (account, checkout_id);

-- Down Migration

DROP INDEX IF EXISTS salesdash_cart_facts_checkout;
ALTER TABLE salesdash_purchase_fact_days DROP COLUMN repeats;
ALTER TABLE salesdash_cart_fact_days DROP COLUMN repeats;
