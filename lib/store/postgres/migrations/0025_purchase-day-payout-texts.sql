-- Up Migration

-- Each purchases day's mark keeps the payout calendar's read of its rows (lib/store/postgres/payout-day-texts.ts's
-- keptPayoutTextOf): payout_rows, the day's rows as one text in stored order (purchase id, created_at,
-- available_at, the place of the row's currency in payout_currencies, product, creator net,
-- affiliation net, transaction, refunded, the purchase's created text); payout_currencies, the
-- day's pairs of own currency and the offer a row without one is placed by, as JSON (placed when
-- read, by the reader's currency decision); payout_at, the fetch they describe (the mark's
-- fetched_at). A day an instance older than this migration writes again keeps texts naming the
-- older fetch, which a reader takes for none and reads that day from its rows. The days held are
-- written here once, as a write writes its day.

ALTER TABLE salesdash_purchase_fact_days ADD COLUMN payout_at BIGINT, ADD COLUMN payout_currencies TEXT, ADD COLUMN payout_rows TEXT;

UPDATE salesdash_purchase_fact_days d SET (payout_at, payout_currencies, payout_rows) = (WITH r AS (SELECT f.*, CASE WHEN f.currency = '' THEN f.currency_offer ELSE '' END AS placed_by, DENSE_RANK() OVER (ORDER BY f.currency, CASE WHEN f.currency = '' THEN f.currency_offer ELSE '' END) - 1 AS k FROM salesdash_purchase_facts f WHERE f.account = d.account AND f.day = d.day)
    SELECT d.fetched_at, (SELECT json_agg(json_build_array(p.currency, p.placed_by) ORDER BY p.k) FROM (SELECT DISTINCT r.currency, r.placed_by, r.k FROM r) p)::text,
      (SELECT string_agg(concat(r.purchase_id, ',', r.created_at, ',', r.available_at, ',', r.k, ',', CASE WHEN strpos(r.sort_product, ',') = 0 AND strpos(r.sort_product, E'\n') = 0 AND left(r.sort_product, 1) <> 'x' THEN r.sort_product ELSE 'x' || encode(convert_to(r.sort_product, 'UTF8'), 'hex') END, ',',
      r.creator_net_cents, ',', r.affiliation_net_cents, ',', r.transaction_cents, ',', r.refunded_cents, ',', CASE WHEN strpos(r.purchase_created_at, ',') = 0 AND strpos(r.purchase_created_at, E'\n') = 0 AND left(r.purchase_created_at, 1) <> 'x' THEN r.purchase_created_at ELSE 'x' || encode(convert_to(r.purchase_created_at, 'UTF8'), 'hex') END), E'\n' ORDER BY r.seq) FROM r));

-- Down Migration

ALTER TABLE salesdash_purchase_fact_days DROP COLUMN payout_at, DROP COLUMN payout_currencies, DROP COLUMN payout_rows;
