-- Up Migration

-- The days written before migrations 0019 and 0020 keep their counts NULL, unknown, which the
-- Abandonment panels read as repeating: their ranges were read by numbering every copy, and a
-- sealed day is never fetched again to be counted. Counted here once, each day against every day
-- the tables hold, as DuckDB's file counts its unknown days when it opens
-- (lib/store/duckdb/duckdb-fact-table-store.ts): the day's rows that another row of the account
-- stores again (the id; of the purchases also a front purchase's checkout). Not the number a
-- write counts (lib/store/postgres/fact-days.ts counts the other days' copies), but 0 exactly
-- when that is, which is all a reader asks. The keys' indexes (0013, 0019, 0020) find the other
-- rows; the triggers leave a count set without a new fetched_at as it is. A day written again
-- meanwhile by an older instance is forgotten again by its trigger, as before.

UPDATE salesdash_purchase_fact_days d SET repeats = (
  SELECT COUNT(*)::int FROM salesdash_purchase_facts b
  WHERE b.account = d.account AND b.day = d.day
    AND EXISTS (SELECT 1 FROM salesdash_purchase_facts g WHERE g.account = b.account AND g.purchase_id = b.purchase_id AND (g.day <> b.day OR g.seq <> b.seq))
) WHERE d.repeats IS NULL;

UPDATE salesdash_purchase_fact_days d SET checkout_repeats = (
  SELECT COUNT(*)::int FROM salesdash_purchase_facts b
  WHERE b.account = d.account AND b.day = d.day AND b.purchase_type = 'front' AND b.checkout_id <> ''
    AND EXISTS (SELECT 1 FROM salesdash_purchase_facts g WHERE g.account = b.account AND g.purchase_type = 'front' AND g.checkout_id <> ''
      AND g.checkout_id = b.checkout_id AND (g.day <> b.day OR g.seq <> b.seq))
) WHERE d.checkout_repeats IS NULL;

UPDATE salesdash_cart_fact_days d SET repeats = (
  SELECT COUNT(*)::int FROM salesdash_cart_facts b
  WHERE b.account = d.account AND b.day = d.day
    AND EXISTS (SELECT 1 FROM salesdash_cart_facts g WHERE g.account = b.account AND g.checkout_id = b.checkout_id AND (g.day <> b.day OR g.seq <> b.seq))
) WHERE d.repeats IS NULL;

-- Down Migration

-- Nothing to undo: the counts are true of the days' rows, and 0020 and 0019 drop their columns.
SELECT 1;
