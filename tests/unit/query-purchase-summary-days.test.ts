// A purchases summary read in local days or longer (lib/query/purchase-summary-query.ts): the
// store groups the slots of one local day and one UTC day into one row, and the availability
// slots of one local day likewise, so a two-year summary answers a few rows a day instead of up
// to 96. The figures are the record engine's all the same (also held by the 200-query property).
import { expect, it } from "vitest";
import { assumeCurrency } from "@/lib/analytics/assumed-currency";
import { purchaseSummaryFromFacts, summaryLocalDays } from "@/lib/query/purchase-summary-query";
import { purchasePlan } from "@/lib/query/purchase-query";
import { filledPurchaseFacts } from "../support/filled-purchase-facts";
import { purchaseFactRow } from "@/lib/query/purchase-facts";
import { FIRST_DAY, LAST_DAY, NOW, purchaseDays, recordSummary, summaryFigures, type OracleQuery } from "../support/purchase-facts-fixture";

const held = filledPurchaseFacts("summary-days");
const query = (timeZone: string, granularity: OracleQuery["granularity"]): OracleQuery => ({ from: FIRST_DAY, to: LAST_DAY, timeZone, granularity, keyType: "creator", filters: {}, currency: assumeCurrency(null) });

it.each(["America/Sao_Paulo", "Europe/Berlin", "Asia/Kathmandu", "Australia/Lord_Howe"])("groups a day's slots into one row in %s, and its figures are the records'", async (timeZone) => {
  const byDay = query(timeZone, "day");
  const summary = await purchaseSummaryFromFacts(held.store, "creator", byDay);
  const bySlot = await purchaseSummaryFromFacts(held.store, "creator", { ...byDay, granularity: "hour" });
  const rows = (s: typeof summary, part: "slots" | "funds") => s.currencies.reduce((n, c) => n + c[part].size, 0);
  // A local day meets at most two UTC days: at most two rows a day and currency.
  const days = (Date.parse(LAST_DAY) - Date.parse(FIRST_DAY)) / 86_400_000 + 1;
  expect(rows(summary, "slots")).toBeLessThanOrEqual(2 * days * summary.currencies.length);
  expect(rows(summary, "slots")).toBeLessThan(rows(bySlot, "slots") / 4);
  expect(rows(summary, "funds")).toBeLessThan(rows(bySlot, "funds") / 4);
  const records = await recordSummary(byDay);
  for (const granularity of ["day", "week", "month"] as const) expect(summaryFigures(summary, { ...byDay, granularity })).toEqual(summaryFigures(records, { ...byDay, granularity }));
});

it("keeps the slots when the series may be hourly, or an offset of the zone is not whole quarter hours", () => {
  // Berlin changes its clocks in March: two segments over the range.
  expect(summaryLocalDays(query("Europe/Berlin", "day"))?.length).toBeGreaterThan(1);
  expect(summaryLocalDays(query("America/Sao_Paulo", "hour"))).toBeNull();
  expect(summaryLocalDays({ ...query("America/Sao_Paulo", "day"), granularity: undefined })).toBeNull();
  // Liberia kept -0:44:30 until 1972.
  expect(summaryLocalDays({ ...query("Africa/Monrovia", "month"), from: "1970-01-01", to: "1970-03-01" })).toBeNull();
  expect(summaryLocalDays({ ...query("Africa/Monrovia", "month"), from: "2020-01-01", to: "2020-03-01" })).toEqual([[expect.any(Number), expect.any(Number), 0]]);
});

it("is grouped by the store only when asked: without the zone's segments each slot is a row", async () => {
  const plan = purchasePlan({ ...query("UTC", "day"), keyType: "creator" }).plan;
  const bySlot = await held.store.summarize("creator", { ...plan, localDays: null });
  const byDay = await held.store.summarize("creator", { ...plan, localDays: summaryLocalDays(query("UTC", "day")) });
  expect(byDay.slots.length).toBeLessThan(bySlot.slots.length / 4);
  const total = (groups: typeof bySlot) => groups.slots.reduce((n, g) => n + g.purchases, 0);
  expect(total(byDay)).toBe(total(bySlot));
});

it("ends the zone's segments on a slot's start, and counts every availability date around that end", async () => {
  const day = "2026-03-10";
  const q = { ...query("UTC", "day"), from: day, to: day };
  const segments = summaryLocalDays(q)!;
  for (const [from, to] of segments) expect([from % 900_000, to % 900_000]).toEqual([0, 0]);
  // Four sales available around the span's end: one slot before it, at it, and within its first slot after.
  const end = segments.at(-1)![1];
  const sales = purchaseDays("creator").get(day)!.slice(0, 4).map((p, i) => ({ ...p, incomingAvailableAt: new Date(end + [-60_000, 0, 60_000, 120_000][i]!).toISOString() }));
  await held.store.replaceDay("edge", day, NOW, sales.map(purchaseFactRow));
  const funds = async (granularity: OracleQuery["granularity"]) =>
    (await purchaseSummaryFromFacts(held.store, "edge", { ...q, granularity })).currencies.map((c) => [c.currency, [...c.funds.values()].reduce((n, f) => n + f[2]!, 0)] as const);
  const byDay = await funds("day");
  expect(byDay).toEqual(await funds("hour"));
  expect(byDay.reduce((n, [, count]) => n + count, 0)).toBe(4);
});
