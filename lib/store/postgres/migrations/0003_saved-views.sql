-- Up Migration

-- Saved views (lib/store/postgres/postgres-saved-view-store.ts): a named report query per
-- account. name_key is the name as compared for uniqueness (lib/store/saved-view-store.ts), so
-- "Weekly" and "weekly" cannot both be in one account's menu.

CREATE TABLE salesdash_saved_views (
  id TEXT COLLATE "C" PRIMARY KEY,
  account TEXT COLLATE "C" NOT NULL,
  name TEXT NOT NULL,
  name_key TEXT COLLATE "C" NOT NULL,
  report TEXT COLLATE "C" NOT NULL,
  query TEXT NOT NULL,
  created_at BIGINT NOT NULL,
  UNIQUE (account, name_key)
);
-- The unique index above also serves the per-account list and deletes (account first).

-- Down Migration

DROP TABLE salesdash_saved_views;
