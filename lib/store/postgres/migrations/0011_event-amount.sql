-- Up Migration

-- A refund's or chargeback's amount is read one way for every page (lib/query/event-facts.ts):
-- the payout calendar's own reading (loss_cents) is gone. The rows keep amount_cents, which is
-- that one reading already.

ALTER TABLE salesdash_refund_facts DROP COLUMN loss_cents;
ALTER TABLE salesdash_chargeback_facts DROP COLUMN loss_cents;

-- Down Migration

ALTER TABLE salesdash_refund_facts ADD COLUMN loss_cents BIGINT NOT NULL DEFAULT 0;
ALTER TABLE salesdash_chargeback_facts ADD COLUMN loss_cents BIGINT NOT NULL DEFAULT 0;
