-- Up Migration

-- Each purchases day's mark keeps what a range's filter bar and currency decision read of its rows
-- (tallies: a JSON text written with the day's rows, lib/store/postgres/day-tallies.ts): the
-- purchases per own currency and decision offer, each dimension's keys, each offer's products, and
-- the first and last of their instants, named by the fetch they describe (`at`, the mark's
-- fetched_at). A day an instance older than this migration writes again keeps a text naming the
-- older fetch, which a reader takes for none and reads that range from its rows. The days held are
-- tallied here once, as a write tallies its day (day-tallies.ts's tallyDayStatement, with the
-- day's own account, day and fetched_at).

ALTER TABLE salesdash_purchase_fact_days ADD COLUMN tallies TEXT;

UPDATE salesdash_purchase_fact_days d SET tallies = (
  SELECT json_build_object('at', d.fetched_at,
    'offers', COALESCE((SELECT json_agg(json_build_array(g.currency, g.offer, g.n) ORDER BY g.currency, g.offer)
      FROM (SELECT f.currency, CASE WHEN f.currency = '' THEN f.currency_offer ELSE f.offer END AS offer, COUNT(*) AS n
        FROM salesdash_purchase_facts f WHERE f.account = d.account AND f.day = d.day GROUP BY 1, 2) g), '[]'::json),
    'values', COALESCE((SELECT json_agg(json_build_array(v.i, v.k) ORDER BY v.i, v.k)
      FROM (SELECT DISTINCT x.i - 1 AS i, x.k FROM salesdash_purchase_facts f
        CROSS JOIN LATERAL unnest(ARRAY[f.product, f.offer, f.purchase_type, f.payment_method, f.psp, f.card_brand, f.country, f.affiliate]) WITH ORDINALITY AS x(k, i)
        WHERE f.account = d.account AND f.day = d.day) v), '[]'::json),
    'pairs', COALESCE((SELECT json_agg(json_build_array(p.offer, p.product) ORDER BY p.offer, p.product)
      FROM (SELECT DISTINCT f.offer, f.product FROM salesdash_purchase_facts f WHERE f.account = d.account AND f.day = d.day) p), '[]'::json),
    'lo', s.lo, 'hi', s.hi, 'none', s.none)::text
  FROM (SELECT MIN(f.created_at) AS lo, MAX(f.created_at) AS hi, COUNT(*) - COUNT(f.created_at) AS none
    FROM salesdash_purchase_facts f WHERE f.account = d.account AND f.day = d.day) s
);

-- Down Migration

ALTER TABLE salesdash_purchase_fact_days DROP COLUMN tallies;
