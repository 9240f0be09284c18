-- Up Migration

-- Each stored day of the purchases keeps how many of its front purchases share their checkout
-- with another front purchase of the account (on any day, or on it): a range whose days all say 0
-- has each checkout's front purchase once, and the Abandonment panels count its purchased
-- checkouts in one grouping of the range's purchases instead of numbering each checkout's front
-- purchases (lib/store/cart-panel-sql.ts). NULL is unknown, read as if they shared: days written
-- before this column, a day not yet counted (counted just after its write commits, with
-- `repeats`: lib/store/postgres/fact-days.ts), and a day an older instance writes again (the
-- trigger below forgets the count it leaves). The count reads the front purchases by checkout
-- through the partial index below.

ALTER TABLE salesdash_purchase_fact_days ADD COLUMN checkout_repeats INTEGER;
CREATE INDEX IF NOT EXISTS salesdash_purchase_facts_front_checkout ON salesdash_purchase_facts (account, checkout_id) WHERE purchase_type = 'front' AND checkout_id <> '';

CREATE FUNCTION salesdash_forget_purchase_day_checkout_repeats() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.fetched_at IS DISTINCT FROM OLD.fetched_at AND NEW.checkout_repeats IS NOT DISTINCT FROM OLD.checkout_repeats THEN
    NEW.checkout_repeats := NULL;
  END IF;
  RETURN NEW;
END
$$;

CREATE TRIGGER salesdash_purchase_fact_days_checkout_repeats BEFORE UPDATE ON salesdash_purchase_fact_days FOR EACH ROW EXECUTE FUNCTION salesdash_forget_purchase_day_checkout_repeats();

-- Down Migration

DROP TRIGGER salesdash_purchase_fact_days_checkout_repeats ON salesdash_purchase_fact_days;
DROP FUNCTION salesdash_forget_purchase_day_checkout_repeats();
DROP INDEX IF EXISTS salesdash_purchase_facts_front_checkout;
ALTER TABLE salesdash_purchase_fact_days DROP COLUMN checkout_repeats;
