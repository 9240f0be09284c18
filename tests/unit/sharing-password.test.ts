import { describe, expect, it } from "vitest";
import { hashSharePassword, isAcceptableSharePassword, verifySharePassword } from "@/lib/sharing/share-password";

describe("share link passwords", () => {
  it("are kept as a salted scrypt hash that the right password, and only it, verifies", async () => {
    const hash = await hashSharePassword("correct horse");
    expect(hash).toMatch(/^scrypt\$16384\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(hash).not.toContain("correct horse");
    expect(await verifySharePassword("correct horse", hash)).toBe(true);
    expect(await verifySharePassword("correct horsE", hash)).toBe(false);
    expect(await verifySharePassword("", hash)).toBe(false);
  });

  it("salts each hash: the same password hashes differently", async () => {
    expect(await hashSharePassword("same password")).not.toBe(await hashSharePassword("same password"));
  });

  it("compares the composed form: é typed as one code point or as e + accent is the same password", async () => {
    const hash = await hashSharePassword("caf\u00e9 secreto");
    expect(await verifySharePassword("cafe\u0301 secreto", hash)).toBe(true);
  });

  it("accepts 8 to 200 characters", async () => {
    expect(isAcceptableSharePassword("1234567")).toBe(false);
    expect(isAcceptableSharePassword("12345678")).toBe(true);
    expect(isAcceptableSharePassword("x".repeat(200))).toBe(true);
    expect(isAcceptableSharePassword("x".repeat(201))).toBe(false);
    await expect(hashSharePassword("short")).rejects.toThrow();
  });

  it("answers false, never throws, for a stored value it cannot read", async () => {
    for (const stored of ["", "plain", "scrypt$1$8$1$$", "bcrypt$x$y$z$salt$hash", "scrypt$abc$8$1$c2FsdA$aGFzaA"]) {
      expect(await verifySharePassword("whatever1", stored)).toBe(false);
    }
  });
});
