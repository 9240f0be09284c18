import "server-only";

// The share links' store, one per process (on globalThis: a production build loads this module
// once per route bundle, and the page that opens a link must see the links the action made):
// PostgreSQL when SALESDASH_DATABASE_URL is set, else a SQLite file in the data directory.
import path from "node:path";
import { getServerEnv } from "@/lib/env";
import { PostgresShareLinkStore } from "@/lib/store/postgres/postgres-share-link-store";
import { getDatabasePool, onPostgres } from "@/lib/store/shared-backends";
import type { ShareLinkStore } from "@/lib/store/share-link-store";
import { SqliteShareLinkStore } from "@/lib/store/sqlite-share-link-store";

const KEY = Symbol.for("salesdash.share-link-store");
type StoreHolder = { [KEY]?: ShareLinkStore };

export function getShareLinkStore(): ShareLinkStore {
  const holder = globalThis as StoreHolder;
  const pool = getDatabasePool();
  holder[KEY] ??= pool ? onPostgres(new PostgresShareLinkStore(pool)) : new SqliteShareLinkStore(path.join(getServerEnv().SALESDASH_DATA_DIR, "share-links.sqlite"));
  return holder[KEY];
}
