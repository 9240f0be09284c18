import { describe, expect, it } from "vitest";
import { readSharedSnapshot, sharedSnapshot } from "@/lib/sharing/shared-snapshot";

describe("a shared snapshot", () => {
  const made = sharedSnapshot({ report: "revenue", keyType: "affiliate", accountLabel: "Shop", query: "from=2026-06-09&to=2026-06-15", builtAt: new Date("2026-06-15T12:00:00Z"), view: { kpis: [] } });

  it("reads back what was stored, time as ISO", () => {
    expect(readSharedSnapshot(JSON.parse(JSON.stringify(made)))).toEqual({ version: 1, report: "revenue", keyType: "affiliate", accountLabel: "Shop", query: "from=2026-06-09&to=2026-06-15", builtAt: "2026-06-15T12:00:00.000Z", view: { kpis: [] } });
  });

  it("refuses another shape rather than render it: another version, an unknown report or key type, no view", () => {
    expect(readSharedSnapshot({ ...made, version: 2 })).toBeNull();
    expect(readSharedSnapshot({ ...made, report: "payouts" })).toBeNull();
    expect(readSharedSnapshot({ ...made, keyType: "admin" })).toBeNull();
    expect(readSharedSnapshot({ ...made, view: undefined })).toBeNull();
    expect(readSharedSnapshot(null)).toBeNull();
  });
});

describe("the account's name on a shared page", () => {
  it("is the name its owner gave, never the label made from the key's last characters", async () => {
    const { accountLabel, publicAccountName } = await import("@/lib/auth/account-label");
    expect(publicAccountName(accountLabel(undefined, "creator", "sk_live_abcdef1234"))).toBe("");
    expect(publicAccountName(accountLabel(undefined, "affiliate", "sk_live_abcdef1234"))).toBe("");
    expect(publicAccountName(accountLabel("Bakery Shop", "creator", "sk_live_abcdef1234"))).toBe("Bakery Shop");
  });
});
