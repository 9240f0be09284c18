-- Up Migration

-- The tables of the vault, the mirror and the account settings (lib/store/postgres).
-- Names carry a salesdash_ prefix although a deployment may give them a schema of their own:
-- without one they land in a database's shared "public" schema, where names such as "vault"
-- or "leases" could belong to something else.
--
-- Keys and the day columns are COLLATE "C": SQLite compares text byte by byte, and the
-- stores answer in the same order (listDays) and compare day ranges (expire) the same way
-- whatever the database's locale is. Epoch milliseconds need BIGINT.
--
-- Payloads arrive sealed (AES-GCM): STORAGE EXTERNAL keeps them out of line without trying
-- to compress what cannot be compressed.

CREATE TABLE salesdash_vault (
  ref TEXT COLLATE "C" PRIMARY KEY,
  sealed TEXT NOT NULL,
  expires_at BIGINT NOT NULL
);
-- Every read deletes the expired entries first.
CREATE INDEX salesdash_vault_expires_at ON salesdash_vault (expires_at);

CREATE TABLE salesdash_mirror_days (
  account TEXT COLLATE "C" NOT NULL,
  resource TEXT COLLATE "C" NOT NULL,
  day TEXT COLLATE "C" NOT NULL,
  complete BOOLEAN NOT NULL,
  fetched_at BIGINT NOT NULL,
  count INTEGER NOT NULL,
  sealed BYTEA NOT NULL,
  digest_name TEXT NULL,
  digest BYTEA NULL,
  PRIMARY KEY (account, resource, day)
);
ALTER TABLE salesdash_mirror_days ALTER COLUMN sealed SET STORAGE EXTERNAL, ALTER COLUMN digest SET STORAGE EXTERNAL;

CREATE TABLE salesdash_mirror_sync_state (
  account TEXT COLLATE "C" PRIMARY KEY,
  state JSONB NOT NULL
);

CREATE TABLE salesdash_leases (
  name TEXT COLLATE "C" PRIMARY KEY,
  holder TEXT NOT NULL,
  expires_at BIGINT NOT NULL
);

CREATE TABLE salesdash_account_settings (
  account TEXT COLLATE "C" PRIMARY KEY,
  assumed_currency TEXT NULL
);

-- Down Migration

DROP TABLE salesdash_account_settings;
DROP TABLE salesdash_leases;
DROP TABLE salesdash_mirror_sync_state;
DROP TABLE salesdash_mirror_days;
DROP TABLE salesdash_vault;
