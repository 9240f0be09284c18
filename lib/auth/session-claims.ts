// What a session token holds: the vault reference, the account's label, its key type and its
// upstream target; never the credential. next-auth adds iat, exp and jti when it encodes it.
// One definition for next-auth's jwt callback and the sign-in action, so a session is the same
// whichever of them made it.
import type { KeyType } from "@/lib/sales-api";

export interface SignedInAccount {
  vaultRef: string;
  label: string;
  keyType: KeyType;
  target: "production" | "staging";
}

export function sessionClaims(account: SignedInAccount): { vaultRef: string; label: string; keyType: KeyType; target: "production" | "staging" } {
  return { vaultRef: account.vaultRef, label: account.label, keyType: account.keyType, target: account.target };
}
