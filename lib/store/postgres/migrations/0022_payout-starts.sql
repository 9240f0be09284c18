-- Up Migration

-- The payout back-test's month starts kept across restarts and shared by the instances
-- (lib/store/postgres/postgres-payout-start-store.ts): each named by a key that hashes what it
-- was made from, so a key found is a start still true. bytes: the start's span and columns
-- (lib/reports/server/payout-start-bytes.ts).

CREATE TABLE salesdash_payout_starts (
  account TEXT COLLATE "C" NOT NULL,
  key TEXT COLLATE "C" NOT NULL,
  written_at BIGINT NOT NULL,
  bytes BYTEA NOT NULL,
  PRIMARY KEY (account, key)
);

-- Down Migration

DROP TABLE salesdash_payout_starts;
