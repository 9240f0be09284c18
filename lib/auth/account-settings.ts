import "server-only";

// The signed-in account's settings, in the process's one store (lib/store/app-stores.ts builds it).
import type { AccountSettings, AccountSettingsStore } from "@/lib/store/account-settings-store";
import { accountSettingsStore } from "@/lib/store/app-stores";

// What the account menu shows and changes; components take the type from here, not from a store.
export type { AccountSettings };

export function getAccountSettingsStore(): AccountSettingsStore {
  return accountSettingsStore();
}

export function getAccountSettings(accountIdentity: string): Promise<AccountSettings> {
  return getAccountSettingsStore().get(accountIdentity);
}
