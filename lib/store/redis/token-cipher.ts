import "server-only";

// How a shared token store keeps Flow B access tokens so that a copy of Redis (a dump, a
// replica, a backup) reveals none: sealed with AES-256-GCM under a key derived (HKDF) from the
// server secret, with the credential identity bound as associated data, so that a sealed token
// copied under another identity's key does not open. Beside it, a keyed fingerprint lets a Lua
// script delete "this token, unless replaced" without the token itself ever reaching Redis; it
// is keyed with the identity too, so one token kept for two identities cannot be linked.
import { createHmac, hkdfSync } from "node:crypto";
import { seal, unseal } from "../vault-cipher";
import type { HeldToken } from "../token-store";

export interface TokenKeys {
  seal: Buffer;
  fingerprint: Buffer;
}

export function deriveTokenKeys(serverSecret: string): TokenKeys {
  if (serverSecret.length === 0) throw new Error("The token store needs the server secret to seal tokens");
  const derive = (info: string) => Buffer.from(hkdfSync("sha256", serverSecret, "salesdash/access-tokens", info, 32));
  return { seal: derive("aes-256-gcm v1"), fingerprint: derive("hmac-sha256 fingerprint v1") };
}

export function tokenFingerprint(keys: TokenKeys, identity: string, token: string): string {
  return createHmac("sha256", keys.fingerprint).update(identity).update("\0").update(token).digest("base64url");
}

export function sealToken(keys: TokenKeys, identity: string, held: HeldToken): string {
  return seal(keys.seal, JSON.stringify({ token: held.token, renewAt: held.renewAt }), identity);
}

/** The held token, or undefined when the seal does not open (another secret, another identity, tampering). */
export function openToken(keys: TokenKeys, identity: string, sealed: string): HeldToken | undefined {
  try {
    const value = JSON.parse(unseal(keys.seal, sealed, identity)) as Partial<HeldToken>;
    return typeof value.token === "string" && typeof value.renewAt === "number" ? { token: value.token, renewAt: value.renewAt } : undefined;
  } catch {
    return undefined;
  }
}
