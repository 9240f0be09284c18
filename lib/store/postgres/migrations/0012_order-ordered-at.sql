-- Up Migration

-- ordered_at: an order's orderCreatedAt as Date.parse reads it (epoch ms; NULL when absent or
-- unreadable), what the Refunds report's delivery panels count days to delivery from
-- (lib/store/order-fact-store.ts, DeliveryOrder). Rows written before have no value to give it:
-- they go with their days (the rows are derived from the sealed days, never the only copy); the
-- mirror writes a day's rows again the next time it opens that day, and until then a report
-- reads the records, as for any day the table lacks.

DELETE FROM salesdash_order_fact_days;
DELETE FROM salesdash_order_facts;

ALTER TABLE salesdash_order_facts ADD COLUMN ordered_at BIGINT;

-- Down Migration

ALTER TABLE salesdash_order_facts DROP COLUMN ordered_at;
