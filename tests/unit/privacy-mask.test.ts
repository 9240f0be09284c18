import { describe, expect, it } from "vitest";
import { maskEmail, maskName } from "@/lib/privacy/mask";

/** Every character of `masked` other than the mask and separators. */
function revealed(masked: string): string[] {
  return [...masked.replace(/\*/g, "").replace(/[\s@.]/g, "")];
}

describe("maskName", () => {
  it.each([
    ["Ana Souza", "A*** S***"],
    ["ana", "a***"],
    ["Maria da Silva Pereira", "M*** d*** S*** P***"],
    ["José Ávila", "J*** Á***"],
    ["Jean-Luc O'Neil", "J*** O***"],
  ])("masks %j as %j", (name, expected) => {
    expect(maskName(name)).toBe(expected);
  });

  it("keeps no letter of a part beyond its first", () => {
    const name = "Bartholomew Quintessential Zebediah";
    const masked = maskName(name);
    expect(revealed(masked)).toEqual(["B", "Q", "Z"]);
    for (const part of name.split(" ")) expect(masked).not.toContain(part.slice(0, 2));
  });

  it("collapses surrounding and repeated whitespace of any kind", () => {
    expect(maskName("  Ana \t\n Souza  ")).toBe("A*** S***");
    expect(maskName("Ana\u00a0Souza")).toBe("A*** S***");
  });

  it.each([
    ["null", null],
    ["undefined", undefined],
    ["the empty string", ""],
    ["whitespace only", " \t\n "],
  ])("gives the empty string for %s", (_label, value) => {
    expect(maskName(value)).toBe("");
  });

  it("masks a one-letter part to the same shape as a long one", () => {
    expect(maskName("J R")).toBe("J*** R***");
  });

  // Regression guard, once a bug (lib/privacy/mask.ts:6): part[0] is one UTF-16 code unit, so a part that starts with
  // a character outside the BMP yields a lone surrogate ("\ud835***"), which the page shows as
  // U+FFFD.
  it("keeps the first character whole when it is outside the BMP", () => {
    const masked = maskName("𝒜lice 😀Bob");
    expect(masked).toBe("𝒜*** 😀***");
  });
});

describe("maskEmail", () => {
  it.each([
    ["ana.souza@example.com", "a***@example.com"],
    ["A@b.co", "A***@b.co"],
    ["x+tag@mail.example.org", "x***@mail.example.org"],
  ])("masks %j as %j (first letter of the mailbox, the domain as is)", (email, expected) => {
    expect(maskEmail(email)).toBe(expected);
  });

  it("keeps nothing of the mailbox beyond its first character", () => {
    const masked = maskEmail("bartholomew.quint@example.com");
    expect(masked.split("@")[0]).toBe("b***");
    expect(masked).not.toContain("ba");
    expect(masked).not.toContain("quint");
  });

  it.each([
    ["null", null],
    ["undefined", undefined],
    ["the empty string", ""],
  ])("gives the empty string for %s", (_label, value) => {
    expect(maskEmail(value)).toBe("");
  });

  it.each([
    ["no @ at all", "ana.souza.example.com"],
    ["an @ first (empty mailbox)", "@example.com"],
    ["a name typed in the e-mail field", "Ana Souza"],
  ])("gives a bare mask for %s, revealing nothing", (_label, email) => {
    expect(maskEmail(email)).toBe("***");
  });

  // Regression guard, once a bug (lib/privacy/mask.ts:11-13): the domain is taken after the FIRST "@", so a mailbox
  // that itself contains "@" (legal when quoted, e.g. "ana@home"@example.com, and common in
  // messy imported data) leaks the rest of the mailbox.
  it("does not leak mailbox text when the mailbox itself contains @", () => {
    const masked = maskEmail('"ana.souza@home"@example.com');
    expect(masked).toBe('"***@example.com');
    expect(masked).not.toContain("home");
  });
});

describe("maskPhone and maskPersonal", () => {
  it("keeps only the last two digits of a phone number", async () => {
    const { maskPhone } = await import("@/lib/privacy/mask");
    expect(maskPhone("+55 11 97398-5380")).toBe("***80");
    expect(maskPhone("12")).toBe("***");
    expect(maskPhone(null)).toBe("");
  });

  it("masks an unknown record's personal field by what its name says it holds", async () => {
    const { maskPersonal } = await import("@/lib/reports/generic-columns");
    expect(maskPersonal("customerEmail", "ana.silva@example.com")).toBe("a***@example.com");
    expect(maskPersonal("customerPhone", "+1 212-555-0171")).toBe("***71");
    expect(maskPersonal("customerName", "Ana Silva")).toBe("A*** S***");
    expect(maskPersonal("customerName", null)).toBe("");
  });
});
