// Issue #14: every KPI card of every report is worded in both languages, its English message
// the same words as the label its CSV writes.
import { describe, expect, it } from "vitest";
import { MESSAGES } from "@/lib/i18n/messages";
import { kpiLabelKey, type KpiSpec } from "@/lib/reports/kpi-cards";
import { ABANDONMENT_KPIS } from "@/lib/reports/server/abandonment-report";
import { ORDER_KPIS } from "@/lib/reports/server/orders-report";
import { AFFILIATE_SPEC, CREATOR_SPEC, RATE_SPEC } from "@/lib/reports/server/overview-report";
import { AFFILIATE_REFUND_KPIS, REFUND_KPIS } from "@/lib/reports/server/refunds-report";
import { AFFILIATE_KPIS, CREATOR_KPIS } from "@/lib/reports/server/revenue-kpi-items";

const SPECS: Record<string, KpiSpec<never>> = {
  CREATOR_KPIS, AFFILIATE_KPIS, REFUND_KPIS, AFFILIATE_REFUND_KPIS, ORDER_KPIS, ABANDONMENT_KPIS, CREATOR_SPEC, AFFILIATE_SPEC, RATE_SPEC,
} as unknown as Record<string, KpiSpec<never>>;

describe("KPI card labels", () => {
  for (const [name, spec] of Object.entries(SPECS)) {
    it(`${name}: each card has its words in English (its CSV label) and in Portuguese`, () => {
      expect(spec.length).toBeGreaterThan(0);
      for (const item of spec) {
        const key = kpiLabelKey(item) as keyof typeof MESSAGES.en.report.kpis;
        expect(MESSAGES.en.report.kpis[key], `${name}.${String(item.key)}`).toBe(item.label);
        expect(MESSAGES["pt-BR"].report.kpis[key], `${name}.${String(item.key)}`).toMatch(/\S/);
      }
    });
  }

  it("words the affiliate's refunded amount as its own card", () => {
    const refunded = AFFILIATE_REFUND_KPIS.find((k) => k.key === "refundedAmount")!;
    expect(kpiLabelKey(refunded)).toBe("refundedReferred");
    expect(MESSAGES["pt-BR"].report.kpis.refundedReferred).not.toBe(MESSAGES["pt-BR"].report.kpis.refundedAmount);
  });
});
