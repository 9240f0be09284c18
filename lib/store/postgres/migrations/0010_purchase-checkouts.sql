-- Up Migration

-- What the Abandonment report reads of a purchase (lib/store/purchase-fact-store.ts,
-- PurchaseFactRow's checkout): its checkoutId and offerCode as the record gives them, and
-- checkoutInitializedAt as written. Rows written before have no value to give them: they go with
-- their days (the rows are derived from the sealed days, never the only copy), so no report reads
-- a row without them; the mirror writes a day's rows again the next time it opens that day, and
-- until then a report reads the records, as for any day the table lacks.

DELETE FROM salesdash_purchase_fact_days;
DELETE FROM salesdash_purchase_facts;

ALTER TABLE salesdash_purchase_facts
  ADD COLUMN checkout_id TEXT COLLATE "C",
  ADD COLUMN offer_code TEXT COLLATE "C",
  ADD COLUMN checkout_initialized_at TEXT COLLATE "C" NOT NULL;

-- Down Migration

ALTER TABLE salesdash_purchase_facts
  DROP COLUMN checkout_id,
  DROP COLUMN offer_code,
  DROP COLUMN checkout_initialized_at;
