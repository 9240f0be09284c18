import { describe, expect, it } from "vitest";
import { accountLabel, generatedLabelKeyEnd } from "@/lib/auth/account-label";

const KEY = "sk_live_9f8e7d6c5b4a3210ZYXW";

/** Whether `label` contains any run of `n` consecutive characters of `key`. */
function containsRunOf(label: string, key: string, n: number): boolean {
  for (let i = 0; i + n <= key.length; i++) if (label.includes(key.slice(i, i + n))) return true;
  return false;
}

describe("accountLabel with a given name", () => {
  it("uses the name", () => {
    expect(accountLabel("Main store", "creator", KEY)).toBe("Main store");
    expect(accountLabel("Affiliate account", "affiliate", KEY)).toBe("Affiliate account");
  });

  it("trims it", () => {
    expect(accountLabel("  Main store \t\n", "creator", KEY)).toBe("Main store");
  });

  it("caps it at 60 characters", () => {
    const long = "N".repeat(59) + "0123456789";
    const label = accountLabel(long, "creator", KEY);
    expect(label).toBe("N".repeat(59) + "0");
    expect(label).toHaveLength(60);
  });

  it("keeps a name of exactly 60 characters whole", () => {
    const name = "x".repeat(60);
    expect(accountLabel(name, "creator", KEY)).toBe(name);
  });

  it("trims before capping, so leading spaces do not eat the limit", () => {
    expect(accountLabel(" ".repeat(30) + "y".repeat(60), "creator", KEY)).toBe("y".repeat(60));
  });

  it("shows nothing of the key", () => {
    expect(containsRunOf(accountLabel("Main store", "creator", KEY), KEY, 3)).toBe(false);
  });
});

describe("accountLabel without a name", () => {
  it.each([
    ["undefined", undefined],
    ["the empty string", ""],
    ["whitespace only", "   \t "],
  ])("names a creator key by its last four characters (%s)", (_label, name) => {
    expect(accountLabel(name, "creator", KEY)).toBe("Creator key ····ZYXW");
  });

  it("names an affiliate key the same way", () => {
    expect(accountLabel(undefined, "affiliate", KEY)).toBe("Affiliate key ····ZYXW");
  });

  it("ignores whitespace around the key", () => {
    expect(accountLabel(undefined, "creator", `  ${KEY}\n`)).toBe("Creator key ····ZYXW");
  });

  it("never shows more than the last four characters of the key", () => {
    const keys = [KEY, "ak_test_ABCDEFGHIJKLMNOP", "0123456789abcdef0123456789abcdef", "k-".repeat(40) + "tail"];
    for (const key of keys) {
      for (const type of ["creator", "affiliate"] as const) {
        const label = accountLabel(undefined, type, key);
        expect(label.endsWith(`····${key.slice(-4)}`), label).toBe(true);
        expect(containsRunOf(label, key, 5), label).toBe(false);
        expect(label.length).toBe(`${type === "creator" ? "Creator" : "Affiliate"} key ····`.length + 4);
      }
    }
  });
});

describe("generatedLabelKeyEnd", () => {
  it("finds the key's end in a generated label only, so pages word it in the reader's language", () => {
    expect(generatedLabelKeyEnd(accountLabel(undefined, "creator", "sak_live_abcd1234"))).toBe("1234");
    expect(generatedLabelKeyEnd(accountLabel(undefined, "affiliate", "sak_live_abcd9876"))).toBe("9876");
    expect(generatedLabelKeyEnd(accountLabel("Aurora Academy", "creator", "sak_live_abcd1234"))).toBeNull();
  });
});
