-- Up Migration

-- The purchases table's pages in its default order (newest first, by the time it shows) and by
-- amount (the sale's for a creator's key, the commission's for an affiliate's), read along an
-- index in the page statement's order (purchase-fact-sql.ts's pageStatement: the sort value, then
-- purchase_id, day and seq, all one way) instead of a top-N sort of the range's rows: two years at
-- scale 20, the first page 0.3-0.57 s → under 1 ms, page 500 ~25 ms (docs/benchmarks.md). The
-- other sorts (product, type, method, country) still sort the range.

CREATE INDEX IF NOT EXISTS salesdash_purchase_facts_order_created ON salesdash_purchase_facts (account, purchase_created_at, purchase_id, day, seq);
CREATE INDEX IF NOT EXISTS salesdash_purchase_facts_order_sale ON salesdash_purchase_facts (account, sale_amount, purchase_id, day, seq);
CREATE INDEX IF NOT EXISTS salesdash_purchase_facts_order_commission ON salesdash_purchase_facts (account, commission_amount, purchase_id, day, seq);

-- Down Migration

DROP INDEX IF EXISTS salesdash_purchase_facts_order_created;
DROP INDEX IF EXISTS salesdash_purchase_facts_order_sale;
DROP INDEX IF EXISTS salesdash_purchase_facts_order_commission;
