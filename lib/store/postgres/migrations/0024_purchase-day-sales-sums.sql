-- Up Migration

-- Each purchases day's mark keeps the sums the Affiliates leaderboard and the Refunds report read of its rows (sales_sums:
-- a JSON text written with the day's rows, lib/store/postgres/day-tallies.ts's salesSumsOf): per own
-- currency, the offer a row without one is placed by, affiliate key and UTC day of createdAt, its
-- sales, money, refunded sales and front sales without an order, its refunds full and partial with
-- their refunded and commission_lost cents; and the day's instants' bounds;
-- named by the fetch they describe (`at`, the mark's fetched_at). A day an instance older than this
-- migration writes again keeps a text naming the older fetch, which a reader takes for none and
-- reads that range from its rows. The days held are summed here once, as a write sums its day.

ALTER TABLE salesdash_purchase_fact_days ADD COLUMN sales_sums TEXT;

UPDATE salesdash_purchase_fact_days d SET sales_sums = (
  SELECT json_build_object('at', d.fetched_at, 'lo', s.lo, 'hi', s.hi, 'none', s.none,
    'rows', COALESCE((SELECT json_agg(json_build_array(g.currency, g.offer, g.affiliate, g.d, g.sales, g.t, g.n, g.a, g.refunded_sales, g.lone_fronts,
        g.refunds, g.full_refunds, g.partial_refunds, g.refunded, g.lost) ORDER BY g.currency, g.offer, g.affiliate, g.d)
      FROM (SELECT f.currency, CASE WHEN f.currency = '' THEN f.currency_offer ELSE '' END AS offer, f.affiliate, f.created_at / 86400000 AS d,
          COUNT(*) AS sales, SUM(f.transaction_cents) AS t, SUM(f.creator_net_cents) AS n, SUM(f.affiliation_cents) AS a,
          SUM(CASE WHEN f.refunded_cents > 0 THEN 1 ELSE 0 END) AS refunded_sales, SUM(CASE WHEN f.purchase_type = 'front' AND f.order_id IS NULL THEN 1 ELSE 0 END) AS lone_fronts,
          SUM(CASE WHEN f.refunded_cents > 0 THEN 1 ELSE 0 END) AS refunds,
          SUM(CASE WHEN f.refunded_cents > 0 AND f.refunded_cents >= f.transaction_cents THEN 1 ELSE 0 END) AS full_refunds,
          SUM(CASE WHEN f.refunded_cents > 0 AND f.refunded_cents < f.transaction_cents THEN 1 ELSE 0 END) AS partial_refunds,
          SUM(CASE WHEN f.refunded_cents > 0 THEN f.refunded_cents ELSE 0 END) AS refunded,
          SUM(CASE WHEN f.refunded_cents > 0 THEN f.commission_lost_cents ELSE 0 END) AS lost
        FROM salesdash_purchase_facts f WHERE f.account = d.account AND f.day = d.day AND f.created_at IS NOT NULL GROUP BY 1, 2, 3, 4) g), '[]'::json))::text
  FROM (SELECT MIN(f.created_at) AS lo, MAX(f.created_at) AS hi, COUNT(*) - COUNT(f.created_at) AS none
    FROM salesdash_purchase_facts f WHERE f.account = d.account AND f.day = d.day) s
);

-- Down Migration

ALTER TABLE salesdash_purchase_fact_days DROP COLUMN sales_sums;
