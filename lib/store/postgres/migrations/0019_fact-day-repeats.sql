-- Up Migration

-- Each stored day of the carts and the purchases keeps how many of its records are also stored
-- on another day of the account (or twice on it): a range whose days all say 0 holds each record
-- once, and its reads need not number the copies to keep the first (the Abandonment panels'
-- selections, lib/store/cart-panel-sql.ts). NULL is unknown, read as if they repeated: days
-- written before this column, a day whose count is not made yet (it is counted just after its
-- write commits: lib/store/postgres/fact-days.ts), and a day an instance older than this
-- migration writes again (the trigger below forgets the count it leaves, which no longer
-- describes the day's rows). The carts' ids get the index the purchases' have (0013), which the
-- count reads.

ALTER TABLE salesdash_cart_fact_days ADD COLUMN repeats INTEGER;
ALTER TABLE salesdash_purchase_fact_days ADD COLUMN repeats INTEGER;
CREATE INDEX IF NOT EXISTS salesdash_cart_facts_checkout ON salesdash_cart_facts (account, checkout_id);

-- A day's rows written again from another fetch come with a new fetched_at and leave repeats as it
-- was: the old count, forgotten here, for every writer (one that counts sets the new count after).
CREATE FUNCTION salesdash_forget_fact_day_repeats() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.fetched_at IS DISTINCT FROM OLD.fetched_at AND NEW.repeats IS NOT DISTINCT FROM OLD.repeats THEN
    NEW.repeats := NULL;
  END IF;
  RETURN NEW;
END
$$;

CREATE TRIGGER salesdash_cart_fact_days_repeats BEFORE UPDATE ON salesdash_cart_fact_days FOR EACH ROW EXECUTE FUNCTION salesdash_forget_fact_day_repeats();
CREATE TRIGGER salesdash_purchase_fact_days_repeats BEFORE UPDATE ON salesdash_purchase_fact_days FOR EACH ROW EXECUTE FUNCTION salesdash_forget_fact_day_repeats();

-- Down Migration

DROP TRIGGER salesdash_purchase_fact_days_repeats ON salesdash_purchase_fact_days;
DROP TRIGGER salesdash_cart_fact_days_repeats ON salesdash_cart_fact_days;
DROP FUNCTION salesdash_forget_fact_day_repeats();
DROP INDEX IF EXISTS salesdash_cart_facts_checkout;
ALTER TABLE salesdash_purchase_fact_days DROP COLUMN repeats;
ALTER TABLE salesdash_cart_fact_days DROP COLUMN repeats;
