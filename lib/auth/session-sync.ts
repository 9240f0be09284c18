import "server-only";

// A session's part in its account's background sync (lib/mirror): it runs for as long as the
// session's vault entry lasts, and sign-in or any later request of the session starts it.
import { ensureAccountSync } from "@/lib/mirror/account-sync";
import type { KeyType, SalesApiCredential } from "@/lib/sales-api";
import { getCredentialVault } from "./credential-vault";

/** `account`: the identity of a client the caller already made for the credential. */
export function startSessionSync(vaultRef: string, credential: SalesApiCredential, target: "production" | "staging", keyType: KeyType, account?: string): void {
  const vault = getCredentialVault();
  ensureAccountSync({ credential, target, keyType, account, alive: () => vault.has(vaultRef) });
}
