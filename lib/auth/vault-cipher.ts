import "server-only";

// AES-256-GCM for the credential vault. The key is derived from the app secret with HKDF;
// each entry gets a fresh IV, and its reference is bound in as associated data so that a
// ciphertext cannot be moved to another entry.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

const IV_BYTES = 12;
const TAG_BYTES = 16;

export function deriveVaultKey(appSecret: string): Buffer {
  return Buffer.from(hkdfSync("sha256", appSecret, "salesdash/credential-vault", "aes-256-gcm v1", 32));
}

export function seal(key: Buffer, plaintext: string, associated: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(Buffer.from(associated, "utf8"));
  const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url");
}

/** Throws when the ciphertext, its tag or the associated data do not match. */
export function unseal(key: Buffer, sealed: string, associated: string): string {
  const raw = Buffer.from(sealed, "base64url");
  const decipher = createDecipheriv("aes-256-gcm", key, raw.subarray(0, IV_BYTES), { authTagLength: TAG_BYTES });
  decipher.setAAD(Buffer.from(associated, "utf8"));
  decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString("utf8");
}
