import "server-only";

import { getAccountSettings } from "./account-settings";
import { keptKeySince } from "./kept-key";
import { getSessionClient, type SessionAccount } from "./session";
import type { AccountSettings } from "@/lib/store/account-settings-store";

/** What the account menu shows: the account's settings, and since when its key is kept for digests and alerts (or null). */
export type SessionSettings = AccountSettings & { keyKeptAt: number | null };

/** The signed-in account's settings, for its menu; null when the vault entry is gone. */
export async function getSessionSettings(account: SessionAccount): Promise<SessionSettings | null> {
  const client = await getSessionClient(account);
  if (!client) return null;
  const [settings, keyKeptAt] = await Promise.all([getAccountSettings(client.identity), keptKeySince(client.identity)]);
  return { ...settings, keyKeptAt };
}
