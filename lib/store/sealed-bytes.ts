import "server-only";

// Data at rest, sealed one way everywhere (the vault's credentials, the mirror's days, share
// links' snapshots): AES-256-GCM with a fresh 12-byte IV per seal and the caller's associated
// data bound in, laid out as IV | tag | ciphertext. The associated data names what a payload
// belongs to (an entry, an account's day, a link), so it cannot be moved to another.
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { deflateRawSync, inflateRawSync } from "node:zlib";

const IV_BYTES = 12;
const TAG_BYTES = 16;

export function sealBytes(key: Buffer, associated: string, plain: Buffer): Buffer {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(Buffer.from(associated, "utf8"));
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]);
}

/** Throws when the key, the associated data or the bytes do not match. */
export function openBytes(key: Buffer, associated: string, sealed: Buffer): Buffer {
  const decipher = createDecipheriv("aes-256-gcm", key, sealed.subarray(0, IV_BYTES), { authTagLength: TAG_BYTES });
  decipher.setAAD(Buffer.from(associated, "utf8"));
  decipher.setAuthTag(sealed.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(sealed.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]);
}

/** A JSON value, deflated (records repeat their field names) at `level`, then sealed. */
export function sealJson(key: Buffer, associated: string, value: unknown, level: number): Buffer {
  return sealBytes(key, associated, deflateRawSync(Buffer.from(JSON.stringify(value), "utf8"), { level }));
}

export function openJson(key: Buffer, associated: string, sealed: Buffer): unknown {
  return JSON.parse(inflateRawSync(openBytes(key, associated, sealed)).toString("utf8"));
}
