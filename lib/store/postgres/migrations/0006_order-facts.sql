-- Up Migration

-- The orders fact table (lib/store/postgres/postgres-order-fact-store.ts): one typed row per
-- order record of each day the mirror holds (lib/store/order-fact-store.ts says what is in it
-- and what is not: no customer personal data). The amount in integer cents, instants in epoch
-- milliseconds, the filters' raw values (NULL for a record without the field).

CREATE TABLE salesdash_order_facts (
  account TEXT COLLATE "C" NOT NULL,
  day TEXT COLLATE "C" NOT NULL,
  seq INTEGER NOT NULL,
  order_id BIGINT NOT NULL,
  created_at BIGINT,
  record_day TEXT COLLATE "C" NOT NULL,
  currency TEXT COLLATE "C" NOT NULL,
  currency_offer TEXT COLLATE "C" NOT NULL,
  offer_name TEXT,
  product TEXT COLLATE "C",
  offer TEXT COLLATE "C",
  payment_method TEXT COLLATE "C",
  psp TEXT COLLATE "C",
  card_brand TEXT COLLATE "C" NOT NULL,
  country TEXT COLLATE "C",
  amount_cents BIGINT NOT NULL,
  milestone TEXT COLLATE "C" NOT NULL,
  carrier TEXT COLLATE "C" NOT NULL,
  supplier TEXT COLLATE "C" NOT NULL,
  completed_at BIGINT,
  delivered_at BIGINT,
  PRIMARY KEY (account, day, seq)
);
-- A range of the account's orders by time (every report), and the same within one product or
-- offer (the selective filters); the other filters have a handful of values.
CREATE INDEX salesdash_order_facts_time ON salesdash_order_facts (account, created_at);
CREATE INDEX salesdash_order_facts_product ON salesdash_order_facts (account, product, created_at);
CREATE INDEX salesdash_order_facts_offer ON salesdash_order_facts (account, offer, created_at);

-- The days held, and when their records were fetched: a report reads the facts only for days
-- as fresh as the mirror would serve them.
CREATE TABLE salesdash_order_fact_days (
  account TEXT COLLATE "C" NOT NULL,
  day TEXT COLLATE "C" NOT NULL,
  fetched_at BIGINT NOT NULL,
  count INTEGER NOT NULL,
  PRIMARY KEY (account, day)
);

-- Down Migration

DROP TABLE salesdash_order_fact_days;
DROP TABLE salesdash_order_facts;
