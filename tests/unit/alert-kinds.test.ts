import { describe, expect, it } from "vitest";
import { ALERT_SPECS, alertKindsFor, rulesFor } from "@/lib/alerts/alert-kinds";

describe("the alerts a key type has", () => {
  it("every kind for a creator, none that reads carts for an affiliate; each off until switched on, at its default", () => {
    expect(alertKindsFor("creator")).toEqual(["sales_drop", "decline_rise", "chargeback_projection", "refund_spike", "unreadable_days", "key_refused"]);
    expect(alertKindsFor("affiliate")).toEqual(["sales_drop", "chargeback_projection", "refund_spike", "unreadable_days", "key_refused"]);
    expect(rulesFor("affiliate", [])).toEqual([
      { kind: "sales_drop", enabled: false, threshold: 30, timeZone: null },
      { kind: "chargeback_projection", enabled: false, threshold: 0.9, timeZone: null },
      { kind: "refund_spike", enabled: false, threshold: 50, timeZone: null },
      { kind: "unreadable_days", enabled: false, threshold: null, timeZone: null },
      { kind: "key_refused", enabled: false, threshold: null, timeZone: null },
    ]);
  });

  it("reads the stored rules, a threshold kept within its kind's bounds, and ignores a kind the key type has not", () => {
    const rules = rulesFor("affiliate", [
      { kind: "sales_drop", enabled: true, threshold: 400, timeZone: "America/Sao_Paulo" },
      { kind: "decline_rise", enabled: true, threshold: 10, timeZone: "UTC" },
      { kind: "key_refused", enabled: true, threshold: 12, timeZone: "UTC" },
    ]);
    expect(rules.find((r) => r.kind === "sales_drop")).toEqual({ kind: "sales_drop", enabled: true, threshold: ALERT_SPECS.sales_drop.threshold!.max, timeZone: "America/Sao_Paulo" });
    expect(rules.find((r) => r.kind === "key_refused")).toEqual({ kind: "key_refused", enabled: true, threshold: null, timeZone: "UTC" });
    expect(rules.some((r) => r.kind === "decline_rise")).toBe(false);
  });
});
