-- Up Migration

-- The purchases table's sort values (lib/store/purchase-fact-store.ts, FactTableKeys), so that
-- a page of the table is sorted by the database. Rows written before have no value to give
-- them: they go with their days (the rows are derived from the sealed days, never the only
-- copy), and the mirror writes a day's rows again the next time it opens that day. Until then
-- a report reads the records, as for any day the table lacks.

DELETE FROM salesdash_purchase_fact_days;
DELETE FROM salesdash_purchase_facts;

ALTER TABLE salesdash_purchase_facts
  ADD COLUMN purchase_created_at TEXT COLLATE "C" NOT NULL,
  ADD COLUMN sort_product TEXT COLLATE "C" NOT NULL,
  ADD COLUMN sort_type TEXT COLLATE "C" NOT NULL,
  ADD COLUMN sort_method TEXT COLLATE "C" NOT NULL,
  ADD COLUMN sort_country TEXT COLLATE "C" NOT NULL,
  ADD COLUMN sale_amount DOUBLE PRECISION NOT NULL,
  ADD COLUMN commission_amount DOUBLE PRECISION NOT NULL;

-- Down Migration

ALTER TABLE salesdash_purchase_facts
  DROP COLUMN purchase_created_at,
  DROP COLUMN sort_product,
  DROP COLUMN sort_type,
  DROP COLUMN sort_method,
  DROP COLUMN sort_country,
  DROP COLUMN sale_amount,
  DROP COLUMN commission_amount;
