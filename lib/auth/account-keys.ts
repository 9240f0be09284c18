import "server-only";

// The accounts whose key the server holds now, and so can read while nobody is looking: each
// signed-in session's, and each key kept for digests and alerts (lib/auth/kept-key.ts). What the
// server's jobs run for (lib/digests/digest-jobs.ts).
import { accountIdentity, getTransport } from "@/lib/sales-api";
import { getCredentialVault, type CredentialVault, type VaultedCredential } from "./credential-vault";
import { keptKeyRef } from "./kept-key";

export interface HeldKey {
  ref: string;
  value: VaultedCredential & { keyType: NonNullable<VaultedCredential["keyType"]> };
}

/**
 * By account: its kept key when there is one (it outlives sessions), else one of its sessions'.
 * An entry vaulted without its key type (before the server knew it) is left out.
 */
export async function heldAccountKeys(vault: CredentialVault = getCredentialVault()): Promise<Map<string, HeldKey>> {
  const held = new Map<string, HeldKey>();
  for (const { ref, value } of await vault.live()) {
    const keyType = value.keyType;
    if (!keyType) continue;
    const account = accountIdentity(value.credential, getTransport(value.target).baseUrl);
    if (!held.has(account) || ref === keptKeyRef(account)) held.set(account, { ref, value: { ...value, keyType } });
  }
  return held;
}
