// A purchase summary: every figure the Revenue report shows, summed from a set of purchases in
// a form that merges exactly with other summaries (integer cents, distinct orders kept by id,
// times kept to the 15-minute slot). The mirror keeps one per UTC day beside the day's
// records, so a two-year report merges 1,460 small summaries instead of opening a million
// records; a filtered report, or a range's edge days in another time zone, summarise their
// records with this same code, so there is one way the figures are made.
import type { Purchase } from "@/lib/records/purchase";
import { DAY_MS } from "@/lib/calendar";
import { NONE, type Dimension } from "./dimensions";
import { refundedShareCents, toCents } from "./money";
import { timestampMs } from "@/lib/timestamps";
import type { DayDigester } from "@/lib/mirror/day-store";

/** Every zone in use today is a whole number of quarter hours from UTC: local days, hours and weeks begin on a slot. */
export const SLOT_MS = 15 * 60_000;

export const SUMMARY_DIMENSIONS = ["product", "offer", "purchaseType", "paymentMethod", "psp", "cardBrand", "country", "affiliate"] as const satisfies readonly Dimension[];

/** The sums of `CurrencySummary.sums`, in cents, in this order. */
export const SUM_FIELDS = ["transaction", "itemsGross", "itemsNet", "shipping", "taxes", "platformFees", "creatorNet", "affiliation", "affiliationNet", "refunded", "commissionLost"] as const;
export type SumField = (typeof SUM_FIELDS)[number];
export const SUM = Object.fromEntries(SUM_FIELDS.map((f, i) => [f, i])) as Record<SumField, number>;

/**
 * One key of a dimension: [key, purchases, transaction cents, affiliation cents, first label
 * seen (offers), and for an offer the products (their keys) it was sold under, first seen first].
 */
export type DimensionCell = [string, number, number, number, string | null, string[]?];

export interface CurrencySummary {
  /** The records' own currency; "" when they came without one (their currency is decided when merging). */
  currency: string;
  /** Records without a currency are summed per offer (their offerCode, "" for none), as offers may differ in currency. */
  offer?: string;
  purchases: number;
  /** Purchases without an orderId (each an order of its own), and how many of them were front sales. */
  withoutOrder: number;
  frontWithoutOrder: number;
  /** Cents, in the order of SUM_FIELDS. */
  sums: number[];
  /** By 15-minute slot of checkoutInitializedAt (epoch ms / SLOT_MS): slot, purchases, transaction cents, affiliation cents; flat, by slot. */
  slots: number[];
  /** Per dimension of SUMMARY_DIMENSIONS, its keys in the order first seen. */
  dims: DimensionCell[][];
  /** By 15-minute slot of incomingAvailableAt: slot, creator net cents, affiliation net cents, purchases; flat, by slot. */
  funds: number[];
  /** Money available before the summary's `paidBefore`, folded into one figure: creator net cents, affiliation net cents, purchases. */
  paid: [number, number, number];
  /** Purchases without a readable incomingAvailableAt: creator net cents, affiliation net cents, purchases. */
  unscheduled: [number, number, number];
  /** Distinct orders: orderId, purchase-type bits (ORDER_BITS); flat. */
  orders: number[];
}

export interface PurchaseSummary {
  version: 1;
  /** incomingAvailableAt before this instant (epoch ms) is folded into `paid`; 0 when nothing is. */
  paidBefore: number;
  currencies: CurrencySummary[];
}

export const ORDER_BITS = { front: 1, order_bump: 2, upsell: 4, downsell: 8 } as const;

const bitOf = (purchaseType: string): number => ORDER_BITS[purchaseType as keyof typeof ORDER_BITS] ?? 0;

export type SummaryPurchase = Pick<
  Purchase,
  | "purchaseId" | "orderId" | "purchaseType" | "currency" | "checkoutInitializedAt" | "incomingAvailableAt"
  | "productName" | "offerCode" | "offerName" | "paymentMethod" | "psp" | "cardBrand" | "billingCountry" | "affiliateName"
  | "amountTransaction" | "amountItemsGross" | "amountItemsNet" | "amountShippingNet" | "amountTaxes" | "amountAffiliation"
  | "amountAffiliationNet" | "amountRefunded" | "amountCreatorNet" | "amountCreatorPlatformFee"
>;

const OFFER = SUMMARY_DIMENSIONS.indexOf("offer");

class SummaryBuilder {
  purchases = 0;
  withoutOrder = 0;
  frontWithoutOrder = 0;
  readonly sums = new Array<number>(SUM_FIELDS.length).fill(0);
  readonly slots = new Map<number, [number, number, number]>();
  readonly dims = SUMMARY_DIMENSIONS.map(() => new Map<string, DimensionCell>());
  readonly funds = new Map<number, [number, number, number]>();
  readonly paid: [number, number, number] = [0, 0, 0];
  readonly unscheduled: [number, number, number] = [0, 0, 0];
  readonly orders = new Map<number, number>();

  constructor(readonly currency: string, readonly offer?: string) {}

  cell(d: number, key: string, label: string | null): DimensionCell {
    const cells = this.dims[d]!;
    let cell = cells.get(key);
    if (cell === undefined) cells.set(key, (cell = d === OFFER ? [key, 0, 0, 0, label, []] : [key, 0, 0, 0, label]));
    return cell;
  }

  done(): CurrencySummary {
    const flat = <V extends number[]>(map: Map<number, V>) => [...map].sort((a, b) => a[0] - b[0]).flatMap(([k, v]) => [k, ...v]);
    return {
      currency: this.currency,
      ...(this.offer === undefined ? {} : { offer: this.offer }),
      purchases: this.purchases,
      withoutOrder: this.withoutOrder,
      frontWithoutOrder: this.frontWithoutOrder,
      sums: this.sums,
      slots: flat(this.slots),
      dims: this.dims.map((cells) => [...cells.values()]),
      funds: flat(this.funds),
      paid: this.paid,
      unscheduled: this.unscheduled,
      orders: [...this.orders].flat(),
    };
  }
}

function dimensionKeyOf(p: SummaryPurchase, d: number): string {
  switch (SUMMARY_DIMENSIONS[d]) {
    case "product": return p.productName || NONE;
    case "offer": return p.offerCode || NONE;
    case "purchaseType": return p.purchaseType || NONE;
    case "paymentMethod": return p.paymentMethod || NONE;
    case "psp": return p.psp || NONE;
    case "cardBrand": return p.cardBrand || NONE;
    case "country": return p.billingCountry || NONE;
    default: return p.affiliateName || NONE;
  }
}

const addTo = (map: Map<number, [number, number, number]>, key: number, a: number, b: number, c: number) => {
  const entry = map.get(key);
  if (entry === undefined) map.set(key, [a, b, c]);
  else {
    entry[0] += a;
    entry[1] += b;
    entry[2] += c;
  }
};

/**
 * The summary of `purchases`, in their order (an offer's label is the first one seen).
 * `paidBefore`: money that became available before this instant is folded into one figure
 * (a stored day's summary folds what was paid out over a week before it was fetched, which
 * no later report can place anywhere but "already available").
 */
export function summarizePurchases(purchases: Iterable<SummaryPurchase>, options: { paidBefore?: number } = {}): PurchaseSummary {
  const paidBefore = options.paidBefore ?? 0;
  const builders = new Map<string, SummaryBuilder>();
  for (const p of purchases) {
    const currency = p.currency || "";
    // "\n" cannot begin a currency code: the key of one offer's records without a currency.
    const key = currency || `\n${p.offerCode ?? ""}`;
    let b = builders.get(key);
    if (b === undefined) builders.set(key, (b = currency ? new SummaryBuilder(currency) : new SummaryBuilder("", p.offerCode ?? "")));
    b.purchases++;
    const bit = bitOf(p.purchaseType);
    if (p.orderId == null) {
      b.withoutOrder++;
      if (bit === ORDER_BITS.front) b.frontWithoutOrder++;
    } else b.orders.set(p.orderId, (b.orders.get(p.orderId) ?? 0) | bit);

    const transaction = toCents(p.amountTransaction);
    const affiliation = toCents(p.amountAffiliation);
    const refunded = toCents(p.amountRefunded);
    const creatorNet = toCents(p.amountCreatorNet);
    const affiliationNet = toCents(p.amountAffiliationNet);
    const s = b.sums;
    s[SUM.transaction]! += transaction;
    s[SUM.itemsGross]! += toCents(p.amountItemsGross);
    s[SUM.itemsNet]! += toCents(p.amountItemsNet);
    s[SUM.shipping]! += toCents(p.amountShippingNet);
    s[SUM.taxes]! += toCents(p.amountTaxes);
    s[SUM.platformFees]! += toCents(p.amountCreatorPlatformFee);
    s[SUM.creatorNet]! += creatorNet;
    s[SUM.affiliation]! += affiliation;
    s[SUM.affiliationNet]! += affiliationNet;
    s[SUM.refunded]! += refunded;
    s[SUM.commissionLost]! += refundedShareCents(affiliation, refunded, transaction);

    const at = timestampMs(p.checkoutInitializedAt);
    if (!Number.isNaN(at)) addTo(b.slots, Math.floor(at / SLOT_MS), 1, transaction, affiliation);

    for (let d = 0; d < SUMMARY_DIMENSIONS.length; d++) {
      const cell = b.cell(d, dimensionKeyOf(p, d), d === OFFER ? (p.offerName ?? null) : null);
      cell[1]++;
      cell[2] += transaction;
      cell[3] += affiliation;
      if (d === OFFER) {
        const product = p.productName || NONE;
        if (!cell[5]!.includes(product)) cell[5]!.push(product);
      }
    }

    const available = p.incomingAvailableAt ? timestampMs(p.incomingAvailableAt) : NaN;
    if (Number.isNaN(available)) {
      b.unscheduled[0] += creatorNet;
      b.unscheduled[1] += affiliationNet;
      b.unscheduled[2]++;
    } else if (available < paidBefore) {
      b.paid[0] += creatorNet;
      b.paid[1] += affiliationNet;
      b.paid[2]++;
    } else addTo(b.funds, Math.floor(available / SLOT_MS), creatorNet, affiliationNet, 1);
  }
  return { version: 1, paidBefore, currencies: [...builders.values()].map((b) => b.done()) };
}

// A report's week starts at most 7 days and 14 hours (the furthest zone) before the moment it
// is viewed, which is after the day was fetched: nine days leave a margin.
const FOLD_AFTER_MS = 9 * DAY_MS;

/** The summary the mirror keeps with each day of purchases (lib/mirror), and fetchRange returns for it. */
export const PURCHASE_SUMMARY: DayDigester<SummaryPurchase, PurchaseSummary> = {
  // Version 2 sums records without a currency per offer; 3 keeps each offer's products (the
  // Offer filter's groups): a day stored under 2 is summarised again once from its records.
  name: "purchase-summary/3",
  of: (records, { fetchedAt }) => summarizePurchases(records, { paidBefore: fetchedAt - FOLD_AFTER_MS }),
};
