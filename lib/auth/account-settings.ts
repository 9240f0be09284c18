import "server-only";

// The signed-in account's settings, one store per process (on globalThis: a production build
// loads this module once per route bundle, and every route must see the same store).
import path from "node:path";
import { getServerEnv } from "@/lib/env";
import type { AccountSettings, AccountSettingsStore } from "@/lib/store/account-settings-store";
import { PostgresAccountSettingsStore } from "@/lib/store/postgres/postgres-account-settings-store";
import { getDatabasePool, onPostgres } from "@/lib/store/shared-backends";
import { SqliteAccountSettingsStore } from "@/lib/store/sqlite-account-settings-store";

const KEY = Symbol.for("salesdash.account-settings-store");
type SettingsHolder = { [KEY]?: AccountSettingsStore };

export function getAccountSettingsStore(): AccountSettingsStore {
  const holder = globalThis as SettingsHolder;
  const pool = getDatabasePool();
  holder[KEY] ??= pool ? onPostgres(new PostgresAccountSettingsStore(pool)) : new SqliteAccountSettingsStore(path.join(getServerEnv().SALESDASH_DATA_DIR, "settings.sqlite"));
  return holder[KEY];
}

export function getAccountSettings(accountIdentity: string): Promise<AccountSettings> {
  return getAccountSettingsStore().get(accountIdentity);
}
