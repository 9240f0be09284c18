import "server-only";

// The share links' keys, derived (HKDF) from AUTH_SECRET, one per use: sealing snapshots, and
// signing the cookie that remembers a password was given. Derived, not state: a copy of this
// memo per route bundle is harmless.
import { hkdfSync } from "node:crypto";
import { getServerEnv } from "@/lib/env";

export interface ShareKeys {
  snapshot: Buffer;
  unlock: Buffer;
}

export function deriveShareKeys(serverSecret: string): ShareKeys {
  const derive = (info: string) => Buffer.from(hkdfSync("sha256", serverSecret, "salesdash/share-links", info, 32));
  return { snapshot: derive("snapshot aes-256-gcm v1"), unlock: derive("unlock hmac-sha256 v1") };
}

let memo: { secret: string; keys: ShareKeys } | undefined;

/** Throws without AUTH_SECRET: nobody signs in then, so nobody can have made a link. */
export function getShareKeys(): ShareKeys {
  const secret = getServerEnv().AUTH_SECRET;
  if (!secret) throw new Error("AUTH_SECRET is not set: share links need it to seal their snapshots and sign their unlock cookies.");
  if (memo?.secret !== secret) memo = { secret, keys: deriveShareKeys(secret) };
  return memo.keys;
}
