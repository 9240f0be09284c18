-- Up Migration

-- The orders table's sort values the orders fact table lacked (lib/store/order-fact-store.ts,
-- OrderTableKeys), so that a page of the table is sorted by the database. Rows written before
-- have no value to give them: they go with their days (the rows are derived from the sealed
-- days, never the only copy), and the mirror writes a day's rows again the next time it opens
-- that day. Until then a report reads the records, as for any day the table lacks.

DELETE FROM salesdash_order_fact_days;
DELETE FROM salesdash_order_facts;

ALTER TABLE salesdash_order_facts
  ADD COLUMN order_created_at TEXT COLLATE "C" NOT NULL,
  ADD COLUMN sort_amount DOUBLE PRECISION NOT NULL;

-- Down Migration

ALTER TABLE salesdash_order_facts
  DROP COLUMN order_created_at,
  DROP COLUMN sort_amount;
