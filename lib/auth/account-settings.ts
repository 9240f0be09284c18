import "server-only";

// The signed-in account's settings, in the process's one store (lib/store/app-stores.ts builds it).
import type { AccountSettings, AccountSettingsStore } from "@/lib/store/account-settings-store";
import { accountSettingsStore } from "@/lib/store/app-stores";

export function getAccountSettingsStore(): AccountSettingsStore {
  return accountSettingsStore();
}

export function getAccountSettings(accountIdentity: string): Promise<AccountSettings> {
  return getAccountSettingsStore().get(accountIdentity);
}
