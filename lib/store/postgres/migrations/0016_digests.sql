-- Up Migration

-- Digest subscriptions and their sends (lib/store/postgres/postgres-digest-store.ts). The address
-- is sealed by the application; address_key, a keyed hash of it, tells addresses apart. A send is
-- one row per subscription and period: its primary key is what makes a period's digest go out
-- once across instances.

CREATE TABLE salesdash_digest_subscriptions (
  id TEXT COLLATE "C" PRIMARY KEY,
  account TEXT COLLATE "C" NOT NULL,
  sealed_address BYTEA NOT NULL,
  address_key TEXT COLLATE "C" NOT NULL,
  cadence TEXT COLLATE "C" NOT NULL,
  locale TEXT COLLATE "C" NOT NULL,
  time_zone TEXT COLLATE "C" NOT NULL,
  key_type TEXT COLLATE "C" NOT NULL,
  created_at BIGINT NOT NULL,
  confirmed_at BIGINT,
  UNIQUE (account, address_key, cadence)
);

CREATE TABLE salesdash_digest_sends (
  subscription_id TEXT COLLATE "C" NOT NULL REFERENCES salesdash_digest_subscriptions (id) ON DELETE CASCADE,
  account TEXT COLLATE "C" NOT NULL,
  period TEXT COLLATE "C" NOT NULL,
  status TEXT COLLATE "C" NOT NULL,
  claimed_at BIGINT NOT NULL,
  updated_at BIGINT NOT NULL,
  attempts INTEGER NOT NULL,
  detail TEXT,
  PRIMARY KEY (subscription_id, period)
);
CREATE INDEX salesdash_digest_sends_account ON salesdash_digest_sends (account, claimed_at);

-- Down Migration

DROP TABLE salesdash_digest_sends;
DROP TABLE salesdash_digest_subscriptions;
