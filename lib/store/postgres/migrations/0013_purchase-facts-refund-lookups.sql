-- Up Migration

-- The Refunds report's lookups (lib/store/refund-fact-sql.ts):
-- - the sales its refunds and chargebacks name, by purchase id (salesOfStatement): one index
--   lookup per id instead of a scan of the period's rows;
-- - the refunded sales of a period (refundStatements' cells and labels): a few in a hundred of
--   the period's rows, read without the others.

CREATE INDEX IF NOT EXISTS salesdash_purchase_facts_id ON salesdash_purchase_facts (account, purchase_id);
CREATE INDEX IF NOT EXISTS salesdash_purchase_facts_refunded ON salesdash_purchase_facts (account, created_at) WHERE refunded_cents > 0;

-- Down Migration

DROP INDEX IF EXISTS salesdash_purchase_facts_refunded;
DROP INDEX IF EXISTS salesdash_purchase_facts_id;
