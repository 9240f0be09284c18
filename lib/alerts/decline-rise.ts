import "server-only";

// "Declines above their usual": the share of payment attempts declined in the last 24 hours, per
// PSP and per payment method, against the same share over the seven days before. The attempts
// are the abandoned carts' (the only records the contract gives them in), summed with the
// Abandonment report's definition (lib/analytics/abandonment-attempts.ts). The alert holds when
// the rate is above its usual by more than the user's threshold, in percentage points. What
// explains it: of the declines above what the usual rate would have given, which decline code,
// card brand, method (or PSP) and product carry more than their part.
import { approvalRates, type ApprovalDimension } from "@/lib/analytics/abandonment-attempts";
import { NONE } from "@/lib/analytics/dimensions";
import { explainChange, type DimensionValues, type Finding } from "@/lib/insights/contribution";
import type { MirroredClient } from "@/lib/mirror/range-reader";
import type { AbandonedCart } from "@/lib/records/abandoned-cart";
import { periodQuality } from "@/lib/reports/report-quality";
import type { LoadOptions } from "@/lib/reports/server/load-options";
import { loadSpanCarts } from "@/lib/reports/server/span-carts";
import type { AlertSignal } from "./alert-episodes";

const HOUR_MS = 3_600_000;
export const CURRENT_HOURS = 24;
export const USUAL_DAYS = 7;
/** Fewer attempts than this in the last 24 hours, and a rate cannot be told from chance. */
export const MIN_ATTEMPTS = 30;

export type DeclineDimension = "declineCode" | "cardBrand" | "paymentMethod" | "psp" | "product";

export interface DeclineRate {
  attempts: number;
  declined: number;
  /** declined / attempts. */
  rate: number;
}

export interface DeclineRiseFacts {
  by: "psp" | "paymentMethod";
  key: string;
  /** The 24 hours judged and the days before them (ISO instants, `to` exclusive). */
  from: string;
  to: string;
  usualFrom: string;
  current: DeclineRate;
  usual: DeclineRate;
  /** Percentage points. */
  threshold: number;
  findings: Array<Finding<DeclineDimension>>;
}

const BY: ReadonlyArray<{ by: ApprovalDimension & DeclineRiseFacts["by"]; prefix: string }> = [
  { by: "psp", prefix: "psp" },
  { by: "paymentMethod", prefix: "method" },
];

const keyOf = (cart: AbandonedCart, dimension: DeclineDimension): string => {
  const value = dimension === "declineCode" ? cart.lastDeclineCode : dimension === "product" ? cart.productName : cart[dimension];
  return value || NONE;
};

/** Each dimension's declined attempts now, and before scaled to today's attempts (what the usual rate would have given). */
function declineValues(now: readonly AbandonedCart[], before: readonly AbandonedCart[], scale: number, dimensions: readonly DeclineDimension[]): DimensionValues<DeclineDimension>[] {
  return dimensions.map((dimension) => {
    const keys = new Map<string, { key: string; current: number; previous: number }>();
    const add = (carts: readonly AbandonedCart[], side: "current" | "previous", weight: number) => {
      for (const cart of carts) {
        const declined = cart.attemptDeclinedCount ?? 0;
        if (declined === 0) continue;
        const key = keyOf(cart, dimension);
        const entry = keys.get(key) ?? { key, current: 0, previous: 0 };
        entry[side] += declined * weight;
        keys.set(key, entry);
      }
    };
    add(now, "current", 1);
    add(before, "previous", scale);
    return { dimension, keys: [...keys.values()] };
  });
}

/** One signal per PSP and method with attempts enough on both sides; null when the carts were not read whole. */
export async function declineRiseSignals(client: MirroredClient, request: { at: number; threshold: number }, options: LoadOptions = {}): Promise<AlertSignal[] | null> {
  const to = request.at;
  const from = to - CURRENT_HOURS * HOUR_MS;
  const usualFrom = from - USUAL_DAYS * 24 * HOUR_MS;
  const { carts, reports } = await loadSpanCarts(client, [{ fromMs: from, toMs: to }, { fromMs: usualFrom, toMs: from }], options);
  if (!periodQuality(reports).complete) return null;
  const [now, before] = carts as [AbandonedCart[], AbandonedCart[]];
  const signals: AlertSignal[] = [];
  for (const { by, prefix } of BY) {
    const usualRows = new Map(approvalRates(before, by).rows.map((r) => [r.key, r]));
    for (const row of approvalRates(now, by).rows) {
      const usualRow = usualRows.get(row.key);
      if (row.key === NONE || row.attempts < MIN_ATTEMPTS || !usualRow || usualRow.attempts < MIN_ATTEMPTS) continue;
      const current = { attempts: row.attempts, declined: row.declined, rate: row.declined / row.attempts };
      const usual = { attempts: usualRow.attempts, declined: usualRow.declined, rate: usualRow.declined / usualRow.attempts };
      const firing = (current.rate - usual.rate) * 100 > request.threshold;
      const mine = (cart: AbandonedCart) => keyOf(cart, by) === row.key;
      const dimensions: DeclineDimension[] = ["declineCode", "cardBrand", by === "psp" ? "paymentMethod" : "psp", "product"];
      const findings = firing ? explainChange(declineValues(now.filter(mine), before.filter(mine), current.attempts / usual.attempts, dimensions)) : [];
      const facts: DeclineRiseFacts = { by, key: row.key, from: new Date(from).toISOString(), to: new Date(to).toISOString(), usualFrom: new Date(usualFrom).toISOString(), current, usual, threshold: request.threshold, findings };
      signals.push({ kind: "decline_rise", subject: `${prefix}:${row.key}`, firing, facts });
    }
  }
  return signals;
}
