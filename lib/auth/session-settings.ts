import "server-only";

import { getAccountSettings } from "./account-settings";
import { getSessionClient, type SessionAccount } from "./session";
import type { AccountSettings } from "@/lib/store/account-settings-store";

/** The signed-in account's settings, for its menu; null when the vault entry is gone. */
export async function getSessionSettings(account: SessionAccount): Promise<AccountSettings | null> {
  const client = await getSessionClient(account);
  return client ? getAccountSettings(client.identity) : null;
}
