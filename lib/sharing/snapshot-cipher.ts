import "server-only";

// A share link's snapshot at rest: compressed, then sealed with AES-256-GCM under a key derived
// from AUTH_SECRET (share-keys.ts), with a fresh IV per seal and the link's id as associated
// data, so a snapshot copied onto another link's row does not open. Unlike the mirror's key,
// this one does not involve the account's credential: a shared page is opened by people who
// have none. A snapshot holds the report's aggregates only (its builder leaves customers'
// personal data out), under the same protection as the credential vault.
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { deflateRawSync, inflateRawSync } from "node:zlib";
import { getShareKeys } from "./share-keys";

const IV_BYTES = 12;
const TAG_BYTES = 16;

export function sealSnapshot(linkId: string, snapshot: unknown, key: Buffer = getShareKeys().snapshot): Buffer {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(Buffer.from(linkId, "utf8"));
  const body = Buffer.concat([cipher.update(deflateRawSync(Buffer.from(JSON.stringify(snapshot), "utf8"), { level: 6 })), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]);
}

/** Throws when the key, the link id or the bytes do not match. */
export function openSnapshot(linkId: string, sealed: Buffer, key: Buffer = getShareKeys().snapshot): unknown {
  const decipher = createDecipheriv("aes-256-gcm", key, sealed.subarray(0, IV_BYTES), { authTagLength: TAG_BYTES });
  decipher.setAAD(Buffer.from(linkId, "utf8"));
  decipher.setAuthTag(sealed.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  const plain = Buffer.concat([decipher.update(sealed.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]);
  return JSON.parse(inflateRawSync(plain).toString("utf8"));
}
