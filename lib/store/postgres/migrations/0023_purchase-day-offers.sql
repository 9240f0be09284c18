-- Up Migration

-- Each purchases day's mark keeps the currency decision's counts of its rows (offers: a JSON text
-- written with the day's rows, lib/store/postgres/offer-tallies.ts): the purchases per own currency
-- and decision offer, and the first and last of their instants, named by the fetch they describe
-- (`at`, the mark's fetched_at). A day an instance older than this migration writes again keeps a
-- text naming the older fetch, which a reader takes for none and counts that range from its rows.
-- The days held are tallied here once, as a write tallies its day.

ALTER TABLE salesdash_purchase_fact_days ADD COLUMN offers TEXT;

UPDATE salesdash_purchase_fact_days d SET offers = (
  SELECT json_build_object('at', d.fetched_at, 'offers', COALESCE(json_agg(json_build_array(g.currency, g.offer, g.n) ORDER BY g.currency, g.offer), '[]'::json),
    'lo', MIN(g.lo), 'hi', MAX(g.hi), 'none', COALESCE(SUM(g.none), 0))::text
  FROM (SELECT f.currency, CASE WHEN f.currency = '' THEN f.currency_offer ELSE f.offer END AS offer, COUNT(*) AS n, MIN(f.created_at) AS lo, MAX(f.created_at) AS hi, COUNT(*) - COUNT(f.created_at) AS none
    FROM salesdash_purchase_facts f WHERE f.account = d.account AND f.day = d.day GROUP BY 1, 2) g
);

-- Down Migration

ALTER TABLE salesdash_purchase_fact_days DROP COLUMN offers;
