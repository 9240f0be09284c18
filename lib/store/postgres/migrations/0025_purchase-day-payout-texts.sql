-- Up Migration

-- Each purchases day's mark keeps the payout calendar's read of its rows (lib/store/postgres/payout-day-texts.ts's
-- keptPayoutTextOf): payout_rows, the day's rows as one text in stored order (purchase id, created_at,
-- available_at, the places of the row's currency and product in payout_names, creator net,
-- affiliation net, transaction, refunded, the purchase's created text); payout_names, as JSON, the
-- day's pairs of own currency and the offer a row without one is placed by (placed when read, by
-- the reader's currency decision) and its products; payout_at, the fetch they describe (the mark's
-- fetched_at). A day an instance older than this migration writes again keeps texts naming the
-- older fetch, which a reader takes for none and reads that day from its rows. The days held are
-- written here once, as a write writes its day.

ALTER TABLE salesdash_purchase_fact_days ADD COLUMN payout_at BIGINT, ADD COLUMN payout_names TEXT, ADD COLUMN payout_rows TEXT;

UPDATE salesdash_purchase_fact_days d SET (payout_at, payout_names, payout_rows) = (WITH r AS (SELECT f.*, CASE WHEN f.currency = '' THEN f.currency_offer ELSE '' END AS placed_by, COALESCE(f.sort_product, '') AS product_name,
        DENSE_RANK() OVER (ORDER BY f.currency, CASE WHEN f.currency = '' THEN f.currency_offer ELSE '' END) - 1 AS k, DENSE_RANK() OVER (ORDER BY COALESCE(f.sort_product, '')) - 1 AS p FROM salesdash_purchase_facts f WHERE f.account = d.account AND f.day = d.day)
    SELECT d.fetched_at, json_build_object(
        'currencies', COALESCE((SELECT json_agg(json_build_array(c.currency, c.placed_by) ORDER BY c.k) FROM (SELECT DISTINCT r.currency, r.placed_by, r.k FROM r) c), '[]'::json),
        'products', COALESCE((SELECT json_agg(n.product_name ORDER BY n.p) FROM (SELECT DISTINCT r.product_name, r.p FROM r) n), '[]'::json))::text,
      (SELECT string_agg(concat(r.purchase_id, ',', r.created_at, ',', r.available_at, ',', r.k, ',', r.p, ',', r.creator_net_cents, ',', r.affiliation_net_cents, ',', r.transaction_cents, ',', r.refunded_cents, ',', CASE WHEN strpos(r.purchase_created_at, ',') = 0 AND strpos(r.purchase_created_at, E'\n') = 0 AND left(r.purchase_created_at, 1) <> 'x' THEN r.purchase_created_at ELSE 'x' || encode(convert_to(r.purchase_created_at, 'UTF8'), 'hex') END), E'\n' ORDER BY r.seq) FROM r));

-- Down Migration

ALTER TABLE salesdash_purchase_fact_days DROP COLUMN payout_at, DROP COLUMN payout_names, DROP COLUMN payout_rows;
