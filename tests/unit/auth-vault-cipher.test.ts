import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { deriveVaultKey, seal, unseal } from "@/lib/store/vault-cipher";
import { hkdfSha256 } from "../support/hkdf-sha256";

const IV_BYTES = 12;
const TAG_BYTES = 16;

const key = deriveVaultKey("app-secret-for-tests-0123456789abcdef");
const otherKey = deriveVaultKey("another-app-secret-0123456789abcdef");
const REF = "ref-AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA";

function flipBit(sealed: string, byteIndex: number, bit: number): string {
  const raw = Buffer.from(sealed, "base64url");
  raw[byteIndex] = raw[byteIndex]! ^ (1 << bit);
  return raw.toString("base64url");
}

describe("deriveVaultKey", () => {
  it("gives a 32-byte key (AES-256)", () => {
    expect(key).toBeInstanceOf(Buffer);
    expect(key.length).toBe(32);
    expect(deriveVaultKey("x").length).toBe(32);
  });

  it("is deterministic for one secret", () => {
    expect(deriveVaultKey("same secret").equals(deriveVaultKey("same secret"))).toBe(true);
  });

  it("gives different keys for different secrets, even ones a character apart", () => {
    const keys = ["secret-a", "secret-b", "secret-a ", "Secret-a", "secret-aa"].map((s) => deriveVaultKey(s).toString("hex"));
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("is not the secret itself, nor a plain hash of it", () => {
    const secret = "0123456789abcdef0123456789abcdef";
    const derived = deriveVaultKey(secret);
    expect(derived.equals(Buffer.from(secret))).toBe(false);
    expect(derived.equals(createHmac("sha256", "").update(secret).digest())).toBe(false);
  });

  it("is HKDF-SHA256 with the vault's salt and info, so existing vault entries stay readable", () => {
    // Changing the salt or info silently makes every sealed credential undecryptable.
    const secret = "pinned-secret";
    expect(deriveVaultKey(secret).equals(hkdfSha256(secret, "salesdash/credential-vault", "aes-256-gcm v1", 32))).toBe(true);
  });
});

describe("seal / unseal", () => {
  it.each([
    ["an ASCII credential", '{"credential":{"kind":"api-key","apiKey":"sk_live_0123456789"},"target":"production"}'],
    ["the empty string", ""],
    ["accents, CJK and emoji", "Pagamento ção — 日本語 🔑🧾 \u{1F600}"],
    ["control characters and NUL", "line1\nline2\t\u0000end"],
    ["a long value", "k".repeat(100_000)],
  ])("round-trips %s", (_label, plaintext) => {
    expect(unseal(key, seal(key, plaintext, REF), REF)).toBe(plaintext);
  });

  it("produces base64url text only", () => {
    expect(seal(key, "some plaintext", REF)).toMatch(/^[A-Za-z0-9_-]+$/);
  });

  it("lays out IV (12 bytes), tag (16 bytes) and a body as long as the UTF-8 plaintext", () => {
    const plaintext = "héllo 🔑";
    const raw = Buffer.from(seal(key, plaintext, REF), "base64url");
    expect(raw.length).toBe(IV_BYTES + TAG_BYTES + Buffer.byteLength(plaintext, "utf8"));
  });

  it("uses a fresh IV each time: the same plaintext gives different ciphertexts", () => {
    const sealedValues = Array.from({ length: 200 }, () => seal(key, "same plaintext", REF));
    expect(new Set(sealedValues).size).toBe(sealedValues.length);
    const ivs = sealedValues.map((s) => Buffer.from(s, "base64url").subarray(0, IV_BYTES).toString("hex"));
    expect(new Set(ivs).size).toBe(ivs.length);
    for (const sealed of sealedValues) expect(unseal(key, sealed, REF)).toBe("same plaintext");
  });

  it("never contains the plaintext, in clear or base64-encoded", () => {
    const apiKey = "sk_live_SECRETSECRETSECRET_0123456789";
    const sealed = seal(key, apiKey, REF);
    expect(sealed).not.toContain(apiKey);
    expect(sealed).not.toContain(Buffer.from(apiKey).toString("base64url").slice(0, 20));
    expect(sealed).not.toContain(Buffer.from(apiKey).toString("base64").slice(0, 20));
    expect(Buffer.from(sealed, "base64url").includes(Buffer.from(apiKey))).toBe(false);
  });

  it("fails with another key", () => {
    const sealed = seal(key, "secret", REF);
    expect(() => unseal(otherKey, sealed, REF)).toThrow();
  });

  it("fails with other associated data (the entry's reference is bound in)", () => {
    const sealed = seal(key, "secret", REF);
    expect(() => unseal(key, sealed, `${REF}x`)).toThrow();
    expect(() => unseal(key, sealed, "")).toThrow();
    expect(() => unseal(key, sealed, REF.toLowerCase())).toThrow();
  });

  it("fails with associated data when none was used to seal", () => {
    const sealed = seal(key, "secret", "");
    expect(unseal(key, sealed, "")).toBe("secret");
    expect(() => unseal(key, sealed, "ref")).toThrow();
  });

  it("fails when any single bit of IV, tag or body is flipped", () => {
    const plaintext = "a credential worth protecting";
    const sealed = seal(key, plaintext, REF);
    const length = Buffer.from(sealed, "base64url").length;
    expect(length).toBe(IV_BYTES + TAG_BYTES + plaintext.length);
    let checked = 0;
    for (let byte = 0; byte < length; byte++) {
      for (const bit of [0, 3, 7]) {
        const tampered = flipBit(sealed, byte, bit);
        expect(() => unseal(key, tampered, REF), `byte ${byte} bit ${bit}`).toThrow();
        checked++;
      }
    }
    expect(checked).toBe(length * 3);
  });

  it.each([
    ["the IV", 0],
    ["the tag", IV_BYTES],
    ["the body", IV_BYTES + TAG_BYTES],
  ])("fails when %s is tampered with", (_part, index) => {
    const sealed = seal(key, "abcdef", REF);
    expect(() => unseal(key, flipBit(sealed, index + 1, 5), REF)).toThrow();
  });

  it("fails when the body or tag is truncated, or extended", () => {
    const sealed = seal(key, "a credential", REF);
    const raw = Buffer.from(sealed, "base64url");
    expect(() => unseal(key, raw.subarray(0, raw.length - 1).toString("base64url"), REF)).toThrow();
    expect(() => unseal(key, raw.subarray(0, IV_BYTES + TAG_BYTES).toString("base64url"), REF)).toThrow();
    expect(() => unseal(key, Buffer.concat([raw, Buffer.from([0])]).toString("base64url"), REF)).toThrow();
  });

  it("fails on garbage rather than returning something", () => {
    expect(() => unseal(key, "", REF)).toThrow();
    expect(() => unseal(key, "not-a-sealed-value", REF)).toThrow();
  });
});
