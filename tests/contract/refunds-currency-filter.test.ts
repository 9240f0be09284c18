import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseReportParams } from "@/lib/report-params/parse";
import { buildRefundsView } from "@/lib/reports/server/refunds-report";
import { groundTruth } from "../../sandbox/ground-truth";
import { clientFor } from "../support/sandbox-client";
import { FIXED_NOW, startSandboxProcess, type RunningSandbox } from "../support/sandbox-process";

// Refunds' currency filter is the server's, breakdowns included (issue #25: the currency filter
// on the server only): the view of `currency=X` holds X's breakdowns only, each the unfiltered
// view's, and the refunded sales they count are the sandbox's refunded sales in X.
let sb: RunningSandbox;
beforeAll(async () => void (sb = await startSandboxProcess(["--now", FIXED_NOW, "--rate-limit-per-minute", "100000"])));
afterAll(async () => sb?.stop());

const FROM = "2026-04-01";
const TO = "2026-05-31";
const END = "2026-06-01";
const paramsOf = (extra: Record<string, string> = {}) => parseReportParams({ from: FROM, to: TO, tz: "UTC", compare: "none", dating: "sale", ...extra }, new Date(FIXED_NOW)).params;

describe("Refunds breakdowns with a currency chosen", () => {
  it.each(["creator", "affiliate"] as const)("%s key: the chosen currency's breakdowns only, counted as the sandbox's records say", async (who) => {
    const { client } = clientFor(sb, sb.creds[who], "A");
    const all = await buildRefundsView(client, who, paramsOf());
    const currencies = [...new Set(all.breakdowns.map((b) => b.currency))];
    expect(currencies.length).toBeGreaterThan(1);
    for (const currency of currencies) {
      const one = await buildRefundsView(client, who, paramsOf({ currency }));
      expect(one.breakdowns.length).toBeGreaterThan(0);
      expect(one.breakdowns).toEqual(all.breakdowns.filter((b) => b.currency === currency));
      // A product breakdown lists at most 8 rows; with every product there, its counts add up to the refunded sales.
      const refunded = groundTruth({ now: FIXED_NOW }, who, "purchases", FROM, END).filter((p) => p.currency === currency && Number(p.amountRefunded) > 0);
      const byType = one.breakdowns.find((b) => b.id === "purchaseType")!;
      expect(byType.rows.reduce((n, r) => n + r.count, 0)).toBe(refunded.length);
    }
  });
});
