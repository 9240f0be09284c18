import "server-only";

// AES-256-GCM for the credential vault. The key is derived from the app secret with HKDF;
// each entry gets a fresh IV, and its reference is bound in as associated data so that a
// ciphertext cannot be moved to another entry.
import { hkdfSync } from "node:crypto";
import { openBytes, sealBytes } from "@/lib/store/sealed-bytes";

export function deriveVaultKey(appSecret: string): Buffer {
  return Buffer.from(hkdfSync("sha256", appSecret, "salesdash/credential-vault", "aes-256-gcm v1", 32));
}

export function seal(key: Buffer, plaintext: string, associated: string): string {
  return sealBytes(key, associated, Buffer.from(plaintext, "utf8")).toString("base64url");
}

/** Throws when the ciphertext, its tag or the associated data do not match. */
export function unseal(key: Buffer, sealed: string, associated: string): string {
  return openBytes(key, associated, Buffer.from(sealed, "base64url")).toString("utf8");
}
