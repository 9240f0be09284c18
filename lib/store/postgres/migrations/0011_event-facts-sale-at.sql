-- Up Migration

-- The refunds and chargebacks fact tables (lib/store/event-fact-store.ts):
-- - sale_at: when the sale a record names was made (purchaseCreatedAt, epoch ms), where the
--   Refunds report dated by request looks that sale up. Rows written before have no value to
--   give it: they go with their days (the rows are derived from the sealed days, never the only
--   copy); the mirror writes a day's rows again the next time it opens that day, and until then
--   a report reads the records, as for any day the table lacks.
-- - loss_cents goes: a record's amount is read one way for every page (amount_cents).

DELETE FROM salesdash_refund_fact_days;
DELETE FROM salesdash_refund_facts;
DELETE FROM salesdash_chargeback_fact_days;
DELETE FROM salesdash_chargeback_facts;

ALTER TABLE salesdash_refund_facts DROP COLUMN loss_cents, ADD COLUMN sale_at BIGINT;
ALTER TABLE salesdash_chargeback_facts DROP COLUMN loss_cents, ADD COLUMN sale_at BIGINT;

-- Down Migration

ALTER TABLE salesdash_refund_facts DROP COLUMN sale_at, ADD COLUMN loss_cents BIGINT NOT NULL DEFAULT 0;
ALTER TABLE salesdash_chargeback_facts DROP COLUMN sale_at, ADD COLUMN loss_cents BIGINT NOT NULL DEFAULT 0;
