// The reports the load phase opens, with what each must show, from the sandbox's ground truth
// (computed here, independently of lib/analytics). Ranges are fixed days that the sandbox's
// fixed now (2026-06-15) makes meaningful; every one ends on that day.
import type { Page } from "@playwright/test";
import { groundTruth } from "../../../sandbox/ground-truth";
import { FIXED_NOW } from "../../support/sandbox-process";
import { centsOnScreen, kpiTruth } from "../../e2e/support/revenue-truth";

export type Account = "creator" | "creator2";
export type ReportKind = "revenue" | "refunds" | "orders";

export interface ReportLoad { kind: ReportKind; from: string; to: string }

export const YEAR = { from: "2025-06-16", to: "2026-06-15" };

/** Revenue for a week, 30 days, 90 days and a year; refunds and chargebacks (by request date) and orders over the year. */
export const LOADS: readonly ReportLoad[] = [
  { kind: "revenue", from: "2026-06-09", to: "2026-06-15" },
  { kind: "revenue", ...YEAR },
  { kind: "refunds", ...YEAR },
  { kind: "revenue", from: "2026-05-17", to: "2026-06-15" },
  { kind: "orders", ...YEAR },
  { kind: "revenue", from: "2026-03-18", to: "2026-06-15" },
];

export function loadPath(load: ReportLoad): string {
  const extra = load.kind === "refunds" ? "&dating=event" : "";
  return `/${load.kind}?from=${load.from}&to=${load.to}&compare=none${extra}`;
}

/** Figures by name ("brl purchases", …): what the page must show. */
export type Figures = Record<string, number>;

const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
const cents = (n: unknown) => Math.round(Number(n ?? 0) * 100);
const truthOf = (account: Account, resource: "orders" | "refunds" | "chargebacks", load: ReportLoad) =>
  groundTruth({ now: FIXED_NOW }, account, resource, load.from, dayAfter(load.to));

function countBy(records: ReadonlyArray<Record<string, unknown>>, currency: string): number {
  return records.filter((r) => r.currency === currency).length;
}

export function expectedFigures(account: Account, load: ReportLoad): Figures {
  const figures: Figures = {};
  if (load.kind === "revenue") {
    for (const [currency, t] of kpiTruth(account, load.from, load.to)) {
      figures[`${currency} purchases`] = t.purchases;
      figures[`${currency} transactionAmount`] = t.cents.amountTransaction ?? 0;
    }
  } else if (load.kind === "refunds") {
    const refunds = truthOf(account, "refunds", load);
    // Chargebacks by the one rule (lib/analytics/sale-losses.ts, written again here): the sales
    // with a dispute opened, each once; alerts (early warnings) are not chargebacks.
    const disputed = new Set<unknown>();
    const chargebacks = truthOf(account, "chargebacks", load).filter((c) => c.kind !== "alert" && (c.purchaseId === undefined || (!disputed.has(c.purchaseId) && Boolean(disputed.add(c.purchaseId)))));
    const currencies = new Set([...kpiTruth(account, load.from, load.to).keys(), ...refunds.map((r) => String(r.currency)), ...chargebacks.map((c) => String(c.currency))]);
    for (const currency of currencies) {
      figures[`${currency} refunds`] = countBy(refunds, currency);
      figures[`${currency} refundedAmount`] = refunds.filter((r) => r.currency === currency).reduce((sum, r) => sum + cents(r.amount), 0);
      figures[`${currency} chargebacks`] = countBy(chargebacks, currency);
    }
  } else {
    const orders = truthOf(account, "orders", load);
    figures.total = orders.length;
    for (const currency of new Set(orders.map((o) => String(o.currency)))) figures[`${currency} orders`] = countBy(orders, currency);
  }
  return figures;
}

const digits = (text: string | null) => Number((text ?? "").split("(")[0]!.replace(/[^0-9]/g, ""));

/** The test id that holds a figure, and how to read it. */
function figureCell(kind: ReportKind, name: string): { testId: string; read: (text: string | null) => number } {
  if (kind === "orders" && name === "total") return { testId: "order-total", read: digits };
  const [currency, key] = name.split(" ") as [string, string];
  if (kind === "revenue") return { testId: `kpi-${currency}-${key}`, read: key === "purchases" ? digits : centsOnScreen };
  if (kind === "refunds") return { testId: `rf-${currency}-${key}`, read: key === "refundedAmount" ? centsOnScreen : digits };
  return { testId: `orders-${currency}-count`, read: digits };
}

/** What marks the report as loaded (its result is on the page). */
const READY: Record<ReportKind, string> = {
  revenue: '[data-testid="purchase-total"]',
  refunds: '[data-testid^="rf-"][data-testid$="-refunds"]',
  orders: '[data-testid^="orders-"][data-testid$="-count"]',
};

const FAILED = '[data-testid="report-failure"]';

/** Cells per currency the page shows, to catch a currency it shows that the truth lacks. */
const CURRENCY_CELLS: Record<ReportKind, string> = {
  revenue: '[data-testid^="kpi-"][data-testid$="-purchases"]',
  refunds: '[data-testid^="rf-"][data-testid$="-refunds"]',
  orders: '[data-testid^="orders-"][data-testid$="-count"]',
};

/** `mismatched`: figures not shown equal to the truth (all of them when the report did not load); `notes` says which. */
export interface LoadOutcome { figures: number; mismatched: number; notes: string[] }

/** Opens the report on `base` and compares every figure with `expected`; a report that does not load mismatches all of them. */
export async function openAndCheck(page: Page, base: string, load: ReportLoad, expected: Figures): Promise<LoadOutcome> {
  const names = Object.keys(expected);
  const where = `${base}${loadPath(load)}`;
  try {
    await page.goto(where);
    // The figures, or a failure panel: a failed report says so at once, it is not waited out.
    await page.locator(`${READY[load.kind]}, ${FAILED}`).first().waitFor({ state: "visible", timeout: 180_000 });
    const failure = page.locator(FAILED);
    if ((await failure.count()) > 0) throw new Error(`the report failed: ${(await failure.first().innerText()).replace(/\s+/g, " ")}`);
  } catch (error) {
    // What the page showed instead (a progress line, a failure), for the record.
    const shown = await page.locator("main").innerText({ timeout: 5_000 }).catch(() => "");
    const reason = error instanceof Error ? error.message.split("\n")[0] : String(error);
    return { figures: names.length, mismatched: names.length, notes: [`${where}: did not load (${reason}); the page shows ${JSON.stringify(shown.replace(/\s+/g, " ").slice(0, 400))}`] };
  }
  const mismatches: string[] = [];
  for (const name of names) {
    const cell = figureCell(load.kind, name);
    const locator = page.getByTestId(cell.testId);
    const shown = (await locator.count()) > 0 ? cell.read(await locator.first().textContent()) : undefined;
    if (shown !== expected[name]) mismatches.push(`${where}: ${name} shows ${shown ?? "nothing"}, truth ${expected[name]}`);
  }
  const currencies = new Set(names.filter((n) => n !== "total").map((n) => n.split(" ")[0]));
  const cells = await page.locator(CURRENCY_CELLS[load.kind]).count();
  const extra = cells > currencies.size ? cells - currencies.size : 0;
  if (extra > 0) mismatches.push(`${where}: ${cells} currencies shown, truth ${currencies.size}`);
  if (mismatches.length > 0) {
    // What the page says about its own figures (an incomplete report says so), for the record.
    const said = await page.locator('[data-testid="quality-banner"], [data-testid="report-failure"]').allInnerTexts();
    if (said.length > 0) mismatches.push(`${where}: the page says ${JSON.stringify(said.join(" | ").slice(0, 600))}`);
  }
  return { figures: names.length + extra, mismatched: names.filter((n) => mismatches.some((m) => m.startsWith(`${where}: ${n} `))).length + extra, notes: mismatches };
}
