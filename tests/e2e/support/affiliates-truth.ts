// The Affiliates leaderboard worked out straight from the sandbox's records, independently of
// lib/analytics: per currency and affiliate, sums in integer cents, attach rates over the orders
// holding the affiliate's front sale, refunds (amountRefunded > 0) and chargebacks of the
// period's sales (sales with a dispute opened; alerts are none), the account's rates, and the comparison period's sales and net revenue.
import { groundTruth } from "../../../sandbox/ground-truth";
import { SANDBOX_NOW } from "./session";

const dayAfter = (d: string) => new Date(Date.parse(`${d}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
const cents = (n: unknown) => Math.round(Number(n ?? 0) * 100);
// The page's stated rule, written here again: from 30 sales, a rate above 2x the account's is
// flagged when the lower bound of its 95% Wilson score interval is above 2x too and at least 3
// sales were refunded or charged back; above 2x without that, it "may be chance".
const MIN_SAMPLE = 30;
const MIN_EVENTS = 3;
const Z = 1.96;
function wilsonLow(k: number, n: number): number {
  const p = k / n;
  const centre = p + (Z * Z) / (2 * n);
  const spread = Z * Math.sqrt((p * (1 - p) + (Z * Z) / (4 * n)) / n);
  return Math.max(0, (centre - spread) / (1 + (Z * Z) / n));
}

export interface AffiliateTruth {
  currency: string; affiliate: string; sales: number; salesCents: number; netCents: number; commissionCents: number;
  frontOrders: number; bumpOrders: number; upsellOrders: number; refunds: number; chargebacks: number;
  refundFlag: string; chargebackFlag: string; refundLow: number; chargebackLow: number; previousSales: number; previousNetCents: number;
}
export interface AccountTruth { sales: number; refunds: number; chargebacks: number }

type Rec = Record<string, unknown>;

export function affiliatesTruth(from: string, to: string, previous: { from: string; to: string }, chargebacksUntil: string) {
  const purchases = groundTruth({ now: SANDBOX_NOW }, "creator", "purchases", from, dayAfter(to)) as Rec[];
  const before = groundTruth({ now: SANDBOX_NOW }, "creator", "purchases", previous.from, dayAfter(previous.to)) as Rec[];
  const saleIds = new Set(purchases.map((p) => p.purchaseId));
  // A chargeback is a sale with a dispute opened, won or not: an alert (the network's warning) is none.
  const disputes = (groundTruth({ now: SANDBOX_NOW }, "creator", "chargebacks", from, chargebacksUntil) as Rec[]).filter((c) => c.kind !== "alert");
  const charged = new Set(disputes.map((c) => c.purchaseId).filter((id) => saleIds.has(id)));
  const typesOfOrder = new Map<string, Set<string>>();
  for (const p of purchases) {
    const key = `${String(p.currency)}|${String(p.orderId)}`;
    (typesOfOrder.get(key) ?? typesOfOrder.set(key, new Set()).get(key)!).add(String(p.purchaseType));
  }
  const accounts = new Map<string, AccountTruth>();
  const rows = new Map<string, AffiliateTruth & { orders: Set<string> }>();
  for (const p of purchases) {
    const currency = String(p.currency);
    const a = accounts.get(currency) ?? accounts.set(currency, { sales: 0, refunds: 0, chargebacks: 0 }).get(currency)!;
    const refunded = cents(p.amountRefunded) > 0 ? 1 : 0;
    const cb = charged.has(p.purchaseId) ? 1 : 0;
    a.sales++; a.refunds += refunded; a.chargebacks += cb;
    const name = String(p.affiliateName ?? "").trim();
    if (!name) continue;
    const key = `${currency}|${name}`;
    const r = rows.get(key) ?? rows.set(key, { currency, affiliate: name, sales: 0, salesCents: 0, netCents: 0, commissionCents: 0, frontOrders: 0, bumpOrders: 0, upsellOrders: 0, refunds: 0, chargebacks: 0, refundFlag: "", chargebackFlag: "", refundLow: 0, chargebackLow: 0, previousSales: 0, previousNetCents: 0, orders: new Set() }).get(key)!;
    r.sales++; r.salesCents += cents(p.amountTransaction); r.netCents += cents(p.amountCreatorNet); r.commissionCents += cents(p.amountAffiliation);
    r.refunds += refunded; r.chargebacks += cb;
    if (p.purchaseType === "front") r.orders.add(p.orderId == null ? `solo-${String(p.purchaseId)}` : `${currency}|${String(p.orderId)}`);
  }
  for (const p of before) {
    const r = rows.get(`${String(p.currency)}|${String(p.affiliateName ?? "").trim()}`);
    if (r) { r.previousSales++; r.previousNetCents += cents(p.amountCreatorNet); }
  }
  for (const r of rows.values()) {
    r.frontOrders = r.orders.size;
    r.bumpOrders = [...r.orders].filter((o) => typesOfOrder.get(o)?.has("order_bump")).length;
    r.upsellOrders = [...r.orders].filter((o) => typesOfOrder.get(o)?.has("upsell")).length;
    const a = accounts.get(r.currency)!;
    const flag = (n: number, accountN: number) => {
      if (r.sales < MIN_SAMPLE) return "small";
      const limit = (2 * accountN) / a.sales;
      if (n / r.sales <= limit) return "normal";
      return n >= MIN_EVENTS && wilsonLow(n, r.sales) > limit ? "high" : "uncertain";
    };
    r.refundLow = wilsonLow(r.refunds, r.sales);
    r.chargebackLow = wilsonLow(r.chargebacks, r.sales);
    r.refundFlag = flag(r.refunds, a.refunds);
    r.chargebackFlag = flag(r.chargebacks, a.chargebacks);
  }
  return { accounts, rows: [...rows.values()] };
}
