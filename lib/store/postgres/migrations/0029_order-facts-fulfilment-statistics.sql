-- Up Migration

-- How many groups the Orders' fulfilment makes of the orders (order-fact-sql.ts's
-- fulfilmentStatement groups them by these columns and this expression before it places their
-- currency). Without it PostgreSQL guesses the groups of an expression blind, takes two years of
-- orders for ~700 k groups where there are ~1.5 k, and sorts them to files instead of hashing them
-- in parallel workers (scale 20: 0.6-0.8 s → 0.2-0.3 s, docs/benchmarks.md). ANALYZE fills it now;
-- later analyses (autovacuum's, or the store's own, table-statistics.ts) keep it.

CREATE STATISTICS IF NOT EXISTS salesdash_order_facts_fulfilment (ndistinct) ON currency, currency_offer, milestone, carrier, supplier, (delivered_at - completed_at) FROM salesdash_order_facts;

ANALYZE salesdash_order_facts;

-- Down Migration

DROP STATISTICS IF EXISTS salesdash_order_facts_fulfilment;
