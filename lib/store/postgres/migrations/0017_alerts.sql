-- Up Migration

-- Alert rules and their episodes (lib/store/postgres/postgres-alert-store.ts). The partial unique
-- index keeps one open episode per account, kind and subject across instances: of two opening
-- the same episode at once, one inserts and both read it back.

CREATE TABLE salesdash_alert_rules (
  account TEXT COLLATE "C" NOT NULL,
  kind TEXT COLLATE "C" NOT NULL,
  enabled BOOLEAN NOT NULL,
  threshold DOUBLE PRECISION,
  time_zone TEXT COLLATE "C" NOT NULL,
  PRIMARY KEY (account, kind)
);

CREATE TABLE salesdash_alert_episodes (
  id TEXT COLLATE "C" PRIMARY KEY,
  account TEXT COLLATE "C" NOT NULL,
  kind TEXT COLLATE "C" NOT NULL,
  subject TEXT COLLATE "C" NOT NULL,
  opened_at BIGINT NOT NULL,
  clear_since BIGINT,
  resolved_at BIGINT,
  facts TEXT NOT NULL,
  last_facts TEXT NOT NULL
);

CREATE UNIQUE INDEX salesdash_alert_episodes_open ON salesdash_alert_episodes (account, kind, subject) WHERE resolved_at IS NULL;
CREATE INDEX salesdash_alert_episodes_account ON salesdash_alert_episodes (account, opened_at);

-- Down Migration

DROP TABLE salesdash_alert_episodes;
DROP TABLE salesdash_alert_rules;
