-- Up Migration

-- Each purchases day's mark keeps the Refunds report's refunded sales of its rows (refund_cells: a
-- JSON text written with the day's rows, lib/store/postgres/refund-day-cells.ts's refundCellsOf):
-- per own currency, the offer a row without one is placed by and each refund dimension's key, the
-- refunded sales and their refunded and commission_lost cents; per own currency, that offer and the
-- offer, the greatest of the texts its first name is read by; and the refunded sales themselves
-- (refund_sales: refund-day-cells.ts's refundSalesOf); named by the fetch they describe (refund_at,
-- the mark's fetched_at). A day an instance older than this migration writes again keeps
-- a text naming the older fetch, which a reader takes for none and reads that range from its rows.
-- The days held are kept here once, as a write keeps its day.

ALTER TABLE salesdash_purchase_fact_days ADD COLUMN refund_at BIGINT, ADD COLUMN refund_cells TEXT, ADD COLUMN refund_sales TEXT;

UPDATE salesdash_purchase_fact_days d SET refund_at = d.fetched_at, refund_cells = (SELECT json_build_object(
      'cells', COALESCE((SELECT json_agg(json_build_array(g.currency, g.placing, g.product, g.offer, g.purchase_type, g.payment_method, g.psp, g.sales, g.refunded, g.lost) ORDER BY g.currency, g.placing, g.product, g.offer, g.purchase_type, g.payment_method, g.psp) FROM (SELECT f.currency, CASE WHEN f.currency = '' THEN f.currency_offer ELSE '' END AS placing, f.product, f.offer, f.purchase_type, f.payment_method, f.psp,
          COUNT(*) AS sales, SUM(f.refunded_cents) AS refunded, SUM(f.commission_lost_cents) AS lost FROM salesdash_purchase_facts f WHERE f.account = d.account AND f.day = d.day AND f.refunded_cents > 0 GROUP BY 1, 2, 3, 4, 5, 6, 7) g), '[]'::json),
      'labels', COALESCE((SELECT json_agg(json_build_array(l.currency, l.placing, l.offer, l.m) ORDER BY l.currency, l.placing, l.offer) FROM (SELECT f.currency, CASE WHEN f.currency = '' THEN f.currency_offer ELSE '' END AS placing, f.offer,
          MAX(f.day || lpad((2147483647 - f.seq)::text, 10, '0') || COALESCE('1' || f.offer_name, '0') COLLATE "C") AS m FROM salesdash_purchase_facts f WHERE f.account = d.account AND f.day = d.day AND f.refunded_cents > 0 GROUP BY 1, 2, 3) l), '[]'::json))::text),
  refund_sales = (SELECT COALESCE(json_agg(json_build_array(f.purchase_id, f.currency, CASE WHEN f.currency = '' THEN f.currency_offer ELSE '' END, f.transaction_cents, f.affiliation_cents, f.refunded_cents, f.seq) ORDER BY f.seq), '[]'::json)::text
    FROM salesdash_purchase_facts f WHERE f.account = d.account AND f.day = d.day AND f.refunded_cents > 0);

-- Down Migration

ALTER TABLE salesdash_purchase_fact_days DROP COLUMN refund_at, DROP COLUMN refund_cells, DROP COLUMN refund_sales;
