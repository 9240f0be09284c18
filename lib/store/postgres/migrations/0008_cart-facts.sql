-- Up Migration

-- The abandoned-carts fact table (lib/store/postgres/postgres-cart-fact-store.ts): one typed row
-- per cart of each day the mirror holds (lib/store/cart-fact-store.ts says what is in it and
-- what is not: no customer personal data). The value in integer cents, instants in epoch
-- milliseconds, the filters' raw values (NULL for a cart without the field).

CREATE TABLE salesdash_cart_facts (
  account TEXT COLLATE "C" NOT NULL,
  day TEXT COLLATE "C" NOT NULL,
  seq INTEGER NOT NULL,
  checkout_id TEXT COLLATE "C" NOT NULL,
  session_at BIGINT NOT NULL,
  session_text TEXT COLLATE "C" NOT NULL,
  product TEXT COLLATE "C",
  offer TEXT COLLATE "C",
  payment_method TEXT COLLATE "C",
  psp TEXT COLLATE "C",
  card_brand TEXT COLLATE "C",
  country TEXT COLLATE "C",
  offer_name TEXT,
  state TEXT COLLATE "C",
  checkout_version TEXT COLLATE "C",
  session_mode TEXT COLLATE "C",
  decline_code TEXT COLLATE "C",
  amount_cents BIGINT NOT NULL,
  attempts INTEGER,
  approved INTEGER,
  declined INTEGER,
  recovered SMALLINT NOT NULL,
  loaded_at BIGINT,
  first_attempt_at BIGINT,
  first_approved_at BIGINT,
  abandoned_at BIGINT,
  purchased_at BIGINT,
  PRIMARY KEY (account, day, seq)
);
-- A range of the account's carts by session start (every report), and the same within one
-- product or offer (the selective filters); the other filters have a handful of values.
CREATE INDEX salesdash_cart_facts_time ON salesdash_cart_facts (account, session_at);
CREATE INDEX salesdash_cart_facts_product ON salesdash_cart_facts (account, product, session_at);
CREATE INDEX salesdash_cart_facts_offer ON salesdash_cart_facts (account, offer, session_at);

-- The days held, and when their records were fetched: a report reads the facts only for days
-- as fresh as the mirror would serve them.
CREATE TABLE salesdash_cart_fact_days (
  account TEXT COLLATE "C" NOT NULL,
  day TEXT COLLATE "C" NOT NULL,
  fetched_at BIGINT NOT NULL,
  count INTEGER NOT NULL,
  PRIMARY KEY (account, day)
);

-- Down Migration

DROP TABLE salesdash_cart_fact_days;
DROP TABLE salesdash_cart_facts;
