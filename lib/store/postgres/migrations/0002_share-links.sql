-- Up Migration

-- Share links (lib/sharing): one row per link. The token is never stored, only its SHA-256
-- (hex), looked up through a unique index; the snapshot arrives sealed (AES-256-GCM, the link's
-- id bound in), and is stored out of line without compression (it cannot be compressed).
-- failed_tries and locked_until hold a password link's lock, so it holds across instances and
-- restarts. Times are epoch milliseconds (BIGINT).

CREATE TABLE salesdash_share_links (
  id TEXT COLLATE "C" PRIMARY KEY,
  token_hash TEXT COLLATE "C" NOT NULL,
  account TEXT COLLATE "C" NOT NULL,
  report TEXT NOT NULL,
  query TEXT NOT NULL,
  mode TEXT NOT NULL CHECK (mode IN ('fixed', 'live')),
  created_at BIGINT NOT NULL,
  expires_at BIGINT NOT NULL,
  revoked_at BIGINT NULL,
  password_hash TEXT NULL,
  views INTEGER NOT NULL DEFAULT 0,
  last_opened_at BIGINT NULL,
  failed_tries INTEGER NOT NULL DEFAULT 0,
  locked_until BIGINT NULL,
  snapshot_at BIGINT NOT NULL,
  snapshot BYTEA NOT NULL
);
ALTER TABLE salesdash_share_links ALTER COLUMN snapshot SET STORAGE EXTERNAL;
CREATE UNIQUE INDEX salesdash_share_links_token_hash ON salesdash_share_links (token_hash);
-- The account's list, newest first.
CREATE INDEX salesdash_share_links_account ON salesdash_share_links (account, created_at);

-- Down Migration

DROP TABLE salesdash_share_links;
