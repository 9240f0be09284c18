import "server-only";

// The mirror's encryption. Each account's key is derived from the server secret AND the
// account's credential, so a copy of the data directory, even with the server secret, opens
// nothing without the credential, which only the signed-in user's vault entry holds. Each
// day is compressed, then sealed with AES-256-GCM under a fresh IV, bound to its account,
// resource and day (associated data), so a payload cannot be moved to another day.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { deflateRawSync, inflateRawSync } from "node:zlib";
import type { SalesApiCredential } from "@/lib/sales-api";

const IV_BYTES = 12;
const TAG_BYTES = 16;

export function deriveMirrorKey(serverSecret: string, credential: SalesApiCredential): Buffer {
  const material = credential.kind === "client" ? `B\0${credential.clientId}\0${credential.apiKey}` : `A\0${credential.apiKey}`;
  return Buffer.from(hkdfSync("sha256", material, `salesdash-mirror:${serverSecret}`, "salesdash/mirror aes-256-gcm v1", 32));
}

export function sealDay(key: Buffer, associated: string, value: unknown): Buffer {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(Buffer.from(associated, "utf8"));
  // Level 1: most of the gain of deflate (records repeat their field names) at a fraction of its time.
  const body = Buffer.concat([cipher.update(deflateRawSync(Buffer.from(JSON.stringify(value), "utf8"), { level: 1 })), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]);
}

/** Throws when the key, the associated data or the payload do not match. */
export function openDay(key: Buffer, associated: string, sealed: Buffer): unknown {
  const decipher = createDecipheriv("aes-256-gcm", key, sealed.subarray(0, IV_BYTES), { authTagLength: TAG_BYTES });
  decipher.setAAD(Buffer.from(associated, "utf8"));
  decipher.setAuthTag(sealed.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  const plain = Buffer.concat([decipher.update(sealed.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]);
  return JSON.parse(inflateRawSync(plain).toString("utf8"));
}
