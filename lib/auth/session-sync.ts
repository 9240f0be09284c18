import "server-only";

// A session's part in its account's background sync (lib/mirror): it runs for as long as the
// session's vault entry lasts, and sign-in or any later request of the session starts it.
import { ensureAccountSync } from "@/lib/mirror/account-sync";
import type { KeyType, SalesApiCredential } from "@/lib/sales-api";
import { getCredentialVault } from "./credential-vault";

export function startSessionSync(vaultRef: string, credential: SalesApiCredential, target: "production" | "staging", keyType: KeyType): void {
  const vault = getCredentialVault();
  ensureAccountSync({ credential, target, keyType, alive: () => vault.has(vaultRef) });
}
