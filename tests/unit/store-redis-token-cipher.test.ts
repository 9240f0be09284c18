import { describe, expect, it } from "vitest";
import { deriveTokenKeys, openToken, sealToken, tokenFingerprint } from "@/lib/store/redis/token-cipher";

// How the Redis token store seals tokens: nothing readable, bound to the identity and the secret.
const SECRET = "a-server-secret-of-enough-length-for-tests";
const HELD = { token: "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhIn0.c2ln", renewAt: 1_900_000_000_000 };

describe("sealToken and openToken", () => {
  it("open what they sealed, for the same identity and secret", () => {
    const keys = deriveTokenKeys(SECRET);
    expect(openToken(keys, "id-a", sealToken(keys, "id-a", HELD))).toEqual(HELD);
  });

  it("seal with a fresh IV each time, and show neither the token nor its time", () => {
    const keys = deriveTokenKeys(SECRET);
    const [a, b] = [sealToken(keys, "id-a", HELD), sealToken(keys, "id-a", HELD)];
    expect(a).not.toBe(b);
    for (const sealed of [a, b]) {
      expect(sealed).not.toContain("eyJ");
      expect(Buffer.from(sealed, "base64url").toString("latin1")).not.toContain(String(HELD.renewAt));
    }
  });

  it("do not open a token sealed for another identity, under another secret, or altered", () => {
    const keys = deriveTokenKeys(SECRET);
    const sealed = sealToken(keys, "id-a", HELD);
    expect(openToken(keys, "id-b", sealed)).toBeUndefined();
    expect(openToken(deriveTokenKeys(`${SECRET}-rotated`), "id-a", sealed)).toBeUndefined();
    const altered = Buffer.from(sealed, "base64url");
    altered[altered.length - 1] = (altered[altered.length - 1] as number) ^ 1;
    expect(openToken(keys, "id-a", altered.toString("base64url"))).toBeUndefined();
    expect(openToken(keys, "id-a", "not sealed at all")).toBeUndefined();
  });

  it("use a key of their own, not the credential vault's", async () => {
    const { deriveVaultKey } = await import("@/lib/store/vault-cipher");
    expect(deriveTokenKeys(SECRET).seal.equals(deriveVaultKey(SECRET))).toBe(false);
  });

  it("refuse an empty secret", () => {
    expect(() => deriveTokenKeys("")).toThrow(/server secret/);
  });
});

describe("tokenFingerprint", () => {
  it("is stable for an identity and token, and differs for another identity, token or secret", () => {
    const keys = deriveTokenKeys(SECRET);
    const print = tokenFingerprint(keys, "id-a", HELD.token);
    expect(tokenFingerprint(keys, "id-a", HELD.token)).toBe(print);
    expect(tokenFingerprint(keys, "id-b", HELD.token)).not.toBe(print);
    expect(tokenFingerprint(keys, "id-a", `${HELD.token}x`)).not.toBe(print);
    expect(tokenFingerprint(deriveTokenKeys(`${SECRET}-rotated`), "id-a", HELD.token)).not.toBe(print);
    expect(print).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});
