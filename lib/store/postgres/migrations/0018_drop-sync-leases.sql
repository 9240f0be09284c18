-- Up Migration

-- The sync's lease gave way to the account's advisory lock (lib/store/locks/pg-advisory-locks.ts),
-- which an instance that dies lets go with its connection.

DROP TABLE IF EXISTS salesdash_leases;

-- Down Migration

CREATE TABLE salesdash_leases (
  name TEXT COLLATE "C" PRIMARY KEY,
  holder TEXT NOT NULL,
  expires_at BIGINT NOT NULL
);
