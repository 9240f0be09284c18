-- Up Migration

-- The purchases fact table (lib/store/postgres/postgres-purchase-fact-store.ts): one typed row
-- per purchase record of each day the mirror holds (lib/store/purchase-fact-store.ts says what
-- is in it and what is not: no customer personal data). Amounts in integer cents, instants in
-- epoch milliseconds, dimensions as the breakdowns' keys.

CREATE TABLE salesdash_purchase_facts (
  account TEXT COLLATE "C" NOT NULL,
  day TEXT COLLATE "C" NOT NULL,
  seq INTEGER NOT NULL,
  purchase_id BIGINT NOT NULL,
  order_id BIGINT,
  created_at BIGINT,
  available_at BIGINT,
  currency TEXT COLLATE "C" NOT NULL,
  currency_offer TEXT COLLATE "C" NOT NULL,
  offer_name TEXT,
  product TEXT COLLATE "C" NOT NULL,
  offer TEXT COLLATE "C" NOT NULL,
  purchase_type TEXT COLLATE "C" NOT NULL,
  payment_method TEXT COLLATE "C" NOT NULL,
  psp TEXT COLLATE "C" NOT NULL,
  card_brand TEXT COLLATE "C" NOT NULL,
  country TEXT COLLATE "C" NOT NULL,
  affiliate TEXT COLLATE "C" NOT NULL,
  transaction_cents BIGINT NOT NULL,
  items_gross_cents BIGINT NOT NULL,
  items_net_cents BIGINT NOT NULL,
  shipping_cents BIGINT NOT NULL,
  taxes_cents BIGINT NOT NULL,
  platform_fees_cents BIGINT NOT NULL,
  creator_net_cents BIGINT NOT NULL,
  affiliation_cents BIGINT NOT NULL,
  affiliation_net_cents BIGINT NOT NULL,
  refunded_cents BIGINT NOT NULL,
  commission_lost_cents BIGINT NOT NULL,
  PRIMARY KEY (account, day, seq)
);
-- A range of the account's sales by time (every report), and the same within one product,
-- offer or affiliate (the selective filters); the other dimensions have a handful of values.
CREATE INDEX salesdash_purchase_facts_time ON salesdash_purchase_facts (account, created_at);
CREATE INDEX salesdash_purchase_facts_product ON salesdash_purchase_facts (account, product, created_at);
CREATE INDEX salesdash_purchase_facts_offer ON salesdash_purchase_facts (account, offer, created_at);
CREATE INDEX salesdash_purchase_facts_affiliate ON salesdash_purchase_facts (account, affiliate, created_at);

-- The days held, and when their records were fetched: a report reads the facts only for days
-- as fresh as the mirror would serve them.
CREATE TABLE salesdash_purchase_fact_days (
  account TEXT COLLATE "C" NOT NULL,
  day TEXT COLLATE "C" NOT NULL,
  fetched_at BIGINT NOT NULL,
  count INTEGER NOT NULL,
  PRIMARY KEY (account, day)
);

-- Down Migration

DROP TABLE salesdash_purchase_fact_days;
DROP TABLE salesdash_purchase_facts;
