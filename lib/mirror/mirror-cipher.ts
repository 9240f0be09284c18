import "server-only";

// The mirror's encryption. Each account's key is derived from the server secret AND the
// account's API key (the same for Flow A and Flow B: one account, one mirror), so a copy of
// the data directory, even with the server secret, opens nothing without the key, which only the signed-in user's vault entry holds. Each
// day is compressed, then sealed with AES-256-GCM under a fresh IV, bound to its account,
// resource and day (associated data), so a payload cannot be moved to another day.
import { hkdfSync } from "node:crypto";
import { openJson, sealJson } from "@/lib/store/sealed-bytes";
import { accountKeyMaterial, type SalesApiCredential } from "@/lib/sales-api";

export function deriveMirrorKey(serverSecret: string, credential: SalesApiCredential): Buffer {
  return Buffer.from(hkdfSync("sha256", accountKeyMaterial(credential), `salesdash-mirror:${serverSecret}`, "salesdash/mirror aes-256-gcm v1", 32));
}

// Level 1: most of the gain of deflate (records repeat their field names) at a fraction of its time.
export function sealDay(key: Buffer, associated: string, value: unknown): Buffer {
  return sealJson(key, associated, value, 1);
}

/** Throws when the key, the associated data or the payload do not match. */
export function openDay(key: Buffer, associated: string, sealed: Buffer): unknown {
  return openJson(key, associated, sealed);
}
