// npm run bench:payouts — the payout calendar's back-test on the sandbox's accounts: each past
// month predicted from what was known at its start, against what its sales finally kept, with
// the model (expected refunds and chargebacks) and without it (only losses already requested).
// Records are the sandbox's ground truth for the last 730 days before its fixed now, the same
// the dashboard would fetch; the calendar's own code computes every figure (payoutsViewFrom).
import { assumeCurrency, type CurrencyAssumption } from "@/lib/analytics/assumed-currency";
import { isoDay, shiftDay } from "@/lib/calendar";
import type { Purchase } from "@/lib/records/purchase";
import { HISTORY_DAYS, payoutsViewFrom, type PayoutRecords } from "@/lib/reports/server/payouts-report";
import { groundTruth } from "../sandbox/ground-truth";

const NOW = new Date("2026-06-15T12:00:00Z"); // the sandbox's fixed now
const ACCOUNTS = [["creator", "creator"], ["creator2", "creator"], ["affiliate", "affiliate"]] as const;
const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

for (const [account, keyType] of ACCOUNTS) {
  const today = isoDay(NOW);
  const history = { from: shiftDay(today, -HISTORY_DAYS), to: today };
  const to = shiftDay(today, 1); // the sandbox's `to` is exclusive
  const records = (resource: "purchases" | "refunds" | "chargebacks") => groundTruth({ now: NOW.toISOString() }, account, resource, history.from, to);
  const currency: CurrencyAssumption = assumeCurrency(null);
  const data: PayoutRecords = { purchases: records("purchases") as unknown as Purchase[], refunds: records("refunds"), chargebacks: records("chargebacks"), unavailable: [], reports: [], assumedCurrencyRecords: 0, currency, history };
  const started = performance.now();
  const view = payoutsViewFrom(data, keyType, { now: NOW, month: null, tz: "UTC" });
  const ms = performance.now() - started;
  console.log(`\n### ${account} (${keyType} key): ${data.purchases.length.toLocaleString("en-US")} purchases, view in ${ms.toFixed(0)} ms`);
  console.log(`model: ${view.model.matureSales.toLocaleString("en-US")} mature sales, refunds take ${pct(view.model.refundShare)} and chargebacks ${pct(view.model.chargebackShare)} of net within ${view.model.horizonDays} days; ${view.model.productCurves} product curves; model ${view.model.applied ? "applied" : "not applied"}`);
  for (const c of view.currencies) console.log(`band ${c.currency.toUpperCase()}: a day ${c.bands.day ? `${c.bands.day.low.toFixed(2)}x to ${c.bands.day.high.toFixed(2)}x` : "none"} of the expected loss (${c.bands.days} days), a month ${c.bands.month ? `${c.bands.month.low.toFixed(2)}x to ${c.bands.month.high.toFixed(2)}x` : "none"} (${c.bands.months} months); expectation ${c.expectation}`);
  console.log("\n| currency | months | mean abs. error | bias | without the model | losses expected / came |\n|---|---|---|---|---|---|");
  for (const e of view.backtest.errors) console.log(`| ${e.currency.toUpperCase()} | ${e.months} | ${pct(e.meanAbsError)} | ${e.bias >= 0 ? "+" : ""}${pct(e.bias)} | ${pct(e.naiveMeanAbsError)} | ${e.lossRatio === null ? "—" : pct(e.lossRatio)} |`);
  console.log("\n| month | currency | sales | predicted | kept | error |\n|---|---|---|---|---|---|");
  for (const m of view.backtest.months) console.log(`| ${m.month} | ${m.currency.toUpperCase()} | ${m.sales} | ${m.predicted.toFixed(2)} | ${m.actual.toFixed(2)} | ${m.error === null ? "—" : pct(m.error)} |`);
}
