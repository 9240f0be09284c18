// KPI truth computed straight from the sandbox's ground truth, independently of lib/analytics:
// sums in integer cents per currency.
import { groundTruth } from "../../../sandbox/ground-truth";
import { enDay } from "./day-spelling";
import { expect } from "./test";
import { SANDBOX_NOW } from "./session";

type Account = "creator" | "creator2" | "affiliate";
const cents = (n: unknown) => Math.round(Number(n ?? 0) * 100);

export function purchasesTruth(account: Account, from: string, toInclusive: string) {
  const to = new Date(Date.parse(`${toInclusive}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  return groundTruth({ now: SANDBOX_NOW }, account, "purchases", from, to);
}

export interface CurrencyTruth { purchases: number; orders: number; cents: Record<string, number> }

export function kpiTruth(account: Account, from: string, toInclusive: string): Map<string, CurrencyTruth> {
  const byCurrency = new Map<string, CurrencyTruth & { orderIds: Set<unknown> }>();
  for (const p of purchasesTruth(account, from, toInclusive)) {
    const currency = String(p.currency);
    const t = byCurrency.get(currency) ?? { purchases: 0, orders: 0, cents: {}, orderIds: new Set() };
    byCurrency.set(currency, t);
    t.purchases++;
    t.orderIds.add(p.orderId);
    for (const field of ["amountTransaction", "amountItemsGross", "amountItemsNet", "amountShippingNet", "amountTaxes", "amountCreatorPlatformFee", "amountCreatorNet", "amountAffiliation", "amountAffiliationNet", "amountRefunded"]) {
      t.cents[field] = (t.cents[field] ?? 0) + cents(p[field]);
    }
  }
  for (const t of byCurrency.values()) t.orders = t.orderIds.size;
  return byCurrency;
}

/** Each KPI card's cents (`read`) equal the ground truth's, per currency: `cards` pairs a card's key with its truth field. */
export async function expectKpiCents(read: (currency: string, card: string) => Promise<number>, truth: Map<string, CurrencyTruth>, cards: ReadonlyArray<readonly [card: string, field: string]>): Promise<void> {
  for (const [currency, t] of truth) for (const [card, field] of cards) expect(await read(currency, card), `${currency} ${card}`).toBe(t.cents[field]);
}

/** "R$90,261.52" or "-$1,234.50" → cents. */
export function centsOnScreen(text: string | null): number {
  return toCents(text, ".");
}

/** "R$ 90.261,52" (pt-BR: dots group thousands, the comma is the decimal mark) → cents. */
export function centsOnScreenPtBR(text: string | null): number {
  return toCents(text, ",");
}

function toCents(text: string | null, decimal: "." | ","): number {
  const s = (text ?? "").trim();
  const negative = s.startsWith("-") || s.startsWith("−");
  const digits = s.replace(decimal === "," ? /[^0-9,]/g : /[^0-9.]/g, "").replace(",", ".");
  const value = Math.round(Number(digits) * 100);
  return negative ? -value : value;
}

/** The creator's purchases begun on the local days `range` (May, in any zone) in `zone`. */
export function purchasesOfLocalDays(zone: string, range: { from: string; to: string }) {
  const localDay = (iso: string) => new Intl.DateTimeFormat("en-CA", { timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit" }).format(Date.parse(iso));
  return groundTruth({ now: SANDBOX_NOW }, "creator", "purchases", "2026-04-30", "2026-06-02").filter((p) => {
    const day = localDay(String(p.checkoutInitializedAt));
    return day >= range.from && day <= range.to;
  });
}

/** The newest of `purchases` as a Purchases table writes its time in `zone`: the day as every English day is written, then the zone's clock. */
export function newestPurchaseTime(purchases: ReadonlyArray<Record<string, unknown>>, zone: string): string {
  const newest = purchases.map((p) => String(p.purchaseCreatedAt)).sort().at(-1)!;
  const parts = Object.fromEntries(new Intl.DateTimeFormat("en-CA", { timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).formatToParts(Date.parse(newest)).map((p) => [p.type, p.value]));
  return `${enDay(`${parts.year}-${parts.month}-${parts.day}`)}, ${parts.hour}:${parts.minute}`;
}
