// What the Abandonment report's panels are made of when the carts and purchases fact tables hold
// its periods: aggregates the store computes where the rows are (cart-panel-sql.ts), so no cart or
// purchase crosses to the report. The report reads them off with the record engine's own
// finishing functions (lib/query/cart-panels.ts), so each figure keeps one definition.
import type { CartFactPlan } from "./cart-fact-store";
import type { PurchaseFactPlan } from "./purchase-fact-store";

export interface CartPanelPlan extends CartFactPlan {
  /** Each offer whose currency is told, with that currency in lower case: its carts are counted in it; every other cart in "unknown:<offer>" ("unknown" without an offer). */
  currencies: ReadonlyArray<readonly [string, string]>;
  /** The series' local buckets: bucket i holds [bucketStarts[i], bucketStarts[i + 1]) (the last up to endMs). */
  bucketStarts: readonly number[];
  /** The zone's offsets east of UTC over [startMs, endMs): [from, to, offset] in ms, for the heatmap's local weekdays and hours. */
  offsets: ReadonlyArray<readonly [number, number, number]>;
  /** The range's purchases after the report's purchase filters, their currency placed, read from the purchases fact table beside the carts' (the same file or database). */
  purchases: PurchaseFactPlan;
  /** The funnel's steps in order, as the record fields whose instant marks each (the analytics' FUNNEL_STEPS). */
  funnelFields: readonly string[];
  /** The recovery delays' bucket bounds in ms: under 1 h, 6 h, 24 h, up to 3 days (the analytics' DELAY_BUCKET_MS). */
  delayBucketsMs: readonly [number, number, number, number];
  /** "kpis": only what a comparison period shows (totals, the middle delays to abandon, purchased checkouts, days). */
  only?: "kpis";
}

export interface CartCurrencyTotals { currency: string; carts: number; cents: number; recovered: number; recoveredCents: number }
/** A group of carts by currency and keys ("none" for a cart without the value): its count and cents. */
export interface CartKeyedSums { currency: string; keys: string[]; carts: number; cents: number }

export interface CartPanelGroups {
  /** Per currency: carts, their cents, the recovered ones and theirs. */
  totals: CartCurrencyTotals[];
  /** Per currency, the middle one or two delays (ms) from session start to abandonment, of the carts with both in order. */
  toAbandon: Array<{ currency: string; ms: number }>;
  /** Purchased checkouts (front purchases whose checkout is not a cart's) per currency and offer ("none" without one). */
  purchased: Array<{ currency: string; offer: string; checkouts: number }>;
  /** The days (first ten characters as written) of the carts' sessions and the purchases' checkouts. */
  days: string[];
  /** The rest is empty for `only: "kpis"`. keys: offer, product. */
  where: CartKeyedSums[];
  /** Each offer key's name as its first cart (in the records' order) writes it. */
  names: Array<{ offer: string; name: string | null }>;
  /** keys: country, state. */
  places: CartKeyedSums[];
  /** Carts with a decline code per currency, PSP ("none" without) and code, with the recovered ones. */
  declines: Array<{ currency: string; psp: string; code: string; carts: number; cents: number; recovered: number }>;
  /** Per PSP, method, brand ("none" without) and attempts' bucket (0..4, 4 for four or more): carts and attempt sums. */
  attempts: Array<{ psp: string; method: string; brand: string; bucket: number; carts: number; attempts: number; approved: number; declined: number }>;
  /** Carts per offer, checkout version, session mode ("none" without) and last funnel step reached (1..4). */
  funnel: Array<{ offer: string; version: string; mode: string; step: number; carts: number }>;
  /** Carts per local weekday (0 = Monday) and hour of their session start. */
  heatmap: Array<{ weekday: number; hour: number; carts: number }>;
  /** Carts per currency and bucket of their session start, and recovered carts per bucket of their purchase. */
  series: Array<{ currency: string; bucket: number; carts: number; cents: number }>;
  recoveredSeries: Array<{ currency: string; bucket: number; carts: number; cents: number }>;
  /** Recovered carts with both instants in order per delay bucket (RECOVERY_DELAY_BUCKETS), and the delays (ms) the median and the 90th percentile read. */
  delays: { counts: number[]; middle: number[]; p90: number | null };
}
