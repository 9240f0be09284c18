-- Up Migration

-- The refunds and chargebacks fact tables (lib/store/postgres/postgres-event-fact-store.ts): one
-- typed row per refund or chargeback record of each day the mirror holds, both lists of one
-- shape (lib/store/event-fact-store.ts says what is in a row and what is not: no customer
-- personal data). Amounts in integer cents, instants in epoch milliseconds, flags as 0 or 1 (as
-- SQLite holds them), the filters' values (NULL for a record without the field).

CREATE TABLE salesdash_refund_facts (
  account TEXT COLLATE "C" NOT NULL,
  day TEXT COLLATE "C" NOT NULL,
  seq INTEGER NOT NULL,
  event_id TEXT COLLATE "C" NOT NULL,
  sale_id BIGINT,
  event_at BIGINT,
  currency TEXT COLLATE "C",
  amount_cents BIGINT NOT NULL,
  loss_cents BIGINT NOT NULL,
  full_type SMALLINT NOT NULL,
  dispute SMALLINT NOT NULL,
  won SMALLINT NOT NULL,
  resolved_at BIGINT,
  days_bucket SMALLINT,
  order_id TEXT COLLATE "C",
  status TEXT COLLATE "C",
  kind TEXT COLLATE "C",
  reason TEXT COLLATE "C",
  product TEXT COLLATE "C",
  offer TEXT COLLATE "C",
  purchase_type TEXT COLLATE "C",
  payment_method TEXT COLLATE "C",
  psp TEXT COLLATE "C",
  affiliate TEXT COLLATE "C",
  PRIMARY KEY (account, day, seq)
);
-- A range of the account's events by the instant they are dated by (every report).
CREATE INDEX salesdash_refund_facts_time ON salesdash_refund_facts (account, event_at);

-- The days held, and when their records were fetched: a report reads the facts only for days
-- as fresh as the mirror would serve them.
CREATE TABLE salesdash_refund_fact_days (
  account TEXT COLLATE "C" NOT NULL,
  day TEXT COLLATE "C" NOT NULL,
  fetched_at BIGINT NOT NULL,
  count INTEGER NOT NULL,
  PRIMARY KEY (account, day)
);

-- The chargebacks' tables: the refunds' shape, its keys and its index.
CREATE TABLE salesdash_chargeback_facts (LIKE salesdash_refund_facts INCLUDING ALL);
CREATE TABLE salesdash_chargeback_fact_days (LIKE salesdash_refund_fact_days INCLUDING ALL);

-- Down Migration

DROP TABLE salesdash_chargeback_fact_days;
DROP TABLE salesdash_chargeback_facts;
DROP TABLE salesdash_refund_fact_days;
DROP TABLE salesdash_refund_facts;
