import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { isWellFormedToken, newShareLinkId, newShareToken, shareTokenHash } from "@/lib/sharing/share-token";

describe("share tokens", () => {
  it("are 32 random bytes in base64url (256 bits), never twice the same", () => {
    const tokens = Array.from({ length: 200 }, newShareToken);
    for (const token of tokens) {
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(Buffer.from(token, "base64url")).toHaveLength(32);
      expect(isWellFormedToken(token)).toBe(true);
    }
    expect(new Set(tokens).size).toBe(tokens.length);
  });

  it("are stored as their SHA-256 in hex, never as themselves", () => {
    const token = newShareToken();
    expect(shareTokenHash(token)).toBe(createHash("sha256").update(token).digest("hex"));
    expect(shareTokenHash(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(shareTokenHash(token)).not.toContain(token);
  });

  it("refuses anything newShareToken cannot make, before the store is asked", () => {
    const token = newShareToken();
    const bad = [
      "",
      token.slice(1),
      `${token}A`,
      `${token.slice(0, 42)}+`,
      `${token.slice(0, 42)}=`,
      `${token.slice(0, 42)}B`, // a 43rd character with low bits set: no 32-byte value encodes to it
      `${token.slice(0, 20)}/${token.slice(21)}`,
      `${token.slice(0, 20)}.${token.slice(21)}`,
      " ".repeat(43),
      newShareLinkId(),
      shareTokenHash(token),
      `../${token.slice(3)}`,
    ];
    for (const value of bad) expect(isWellFormedToken(value), value).toBe(false);
    expect(isWellFormedToken(undefined)).toBe(false);
    expect(isWellFormedToken(42)).toBe(false);
  });

  it("link ids are 16 random bytes in base64url", () => {
    const id = newShareLinkId();
    expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(Buffer.from(id, "base64url")).toHaveLength(16);
    expect(newShareLinkId()).not.toBe(id);
  });
});
