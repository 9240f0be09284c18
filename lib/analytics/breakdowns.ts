// Splits of revenue by one dimension (product, payment method, ...), per currency: the
// tables and bar charts under the KPI cards. Shares are of the currency's own total.
import { byCountThenCurrency, fromCents, toCents, UNKNOWN_CURRENCY, type CurrencyOptions } from "./money";
import { KeyCells } from "./key-cells";
import { dimensionKeys, NONE, type Dimension, type DimensionPurchase } from "./dimensions";

export { attachRates, type AttachCount, type CurrencyAttachRates } from "./attach-rates";
export { fundsAvailability, type CurrencyFundsRows, type FundsOptions, type FundsRow } from "./funds-availability";
export { NONE, type Dimension } from "./dimensions";

export interface DimensionRow {
  key: string;
  /** A readable name when the key is a code (offers); the first one seen for the key. */
  label?: string;
  count: number;
  amount: number;
  /** amount / the currency's total amount; null when that total is 0. */
  share: number | null;
}

export interface CurrencyBreakdown {
  currency: string;
  count: number;
  amount: number;
  /** Largest amount first; ties by count, then key. */
  rows: DimensionRow[];
}

export interface BreakdownOptions<T> extends CurrencyOptions {
  label?: (record: T) => string | null | undefined;
}

type Value<T> = (record: T) => number | null | undefined;

type Cells = Pick<KeyCells, "entries">;

function addTo<T>(cells: KeyCells, key: string, cents: number, record: T, labelOf: ((record: T) => string | null | undefined) | undefined): void {
  // Read with every record, kept only by a new cell.
  const cell = cells.cellOf(key, labelOf === undefined ? undefined : labelOf(record));
  cell.count++;
  cell.cents += cents;
}

/** Per currency, the rows of its cells, sorted; also what a merged purchase summary's breakdowns are made with. */
export function summariseCells(byCurrency: Map<string, Cells>, withLabel: boolean): CurrencyBreakdown[] {
  const result: CurrencyBreakdown[] = [];
  for (const [currency, cells] of byCurrency) {
    let totalCents = 0;
    let count = 0;
    const entries = cells.entries();
    for (const [, cell] of entries) {
      totalCents += cell.cents;
      count += cell.count;
    }
    const rows = entries
      .sort(([ka, a], [kb, b]) => b.cents - a.cents || b.count - a.count || (ka < kb ? -1 : ka > kb ? 1 : 0))
      .map(([key, cell]): DimensionRow => ({
        key,
        ...(withLabel ? { label: cell.label || key } : {}),
        count: cell.count,
        amount: fromCents(cell.cents),
        share: totalCents === 0 ? null : cell.cents / totalCents,
      }));
    result.push({ currency, count, amount: fromCents(totalCents), rows });
  }
  return result.sort(byCountThenCurrency);
}

/** Per currency, the rows of one key; currencies with most records first. */
export function breakdown<T extends { currency?: string | null }>(purchases: readonly T[], key: (record: T) => string, value: Value<T>, options: BreakdownOptions<T> = {}): CurrencyBreakdown[] {
  const fallback = options.fallbackCurrency ?? UNKNOWN_CURRENCY;
  const labelOf = options.label;
  const byCurrency = new Map<string, KeyCells>();
  let lastCurrency: string | undefined;
  let cells: KeyCells | undefined;
  for (const record of purchases) {
    const currency = record.currency || fallback;
    // Records come in runs of one currency; skip the map lookup while the run lasts.
    if (currency !== lastCurrency || cells === undefined) {
      cells = byCurrency.get(currency);
      if (cells === undefined) byCurrency.set(currency, (cells = new KeyCells()));
      lastCurrency = currency;
    }
    addTo(cells, key(record), toCents(value(record)), record, labelOf);
  }
  return summariseCells(byCurrency, labelOf !== undefined);
}

type BreakdownPurchase = DimensionPurchase & { currency?: string | null };

// A call per dimension through a list of key functions is megamorphic and cost a third of the
// pass; a switch on a small code keeps every property read monomorphic. The keys are those
// of dimensionKeys (the tests compare breakdowns with the helpers built on them).
const CODES: Record<Dimension, number> = { product: 0, offer: 1, purchaseType: 2, paymentMethod: 3, psp: 4, cardBrand: 5, country: 6, affiliate: 7 };

/**
 * Several standard breakdowns in one pass over the records: over a million purchases each
 * pass costs about 60 ms in memory traffic alone, so seven of them in one loop save most of it.
 * Offers carry offerName as their label.
 */
export function breakdowns<T extends BreakdownPurchase, D extends Dimension>(purchases: readonly T[], dimensions: readonly D[], value: Value<T>, options: CurrencyOptions = {}): Record<D, CurrencyBreakdown[]> {
  const fallback = options.fallbackCurrency ?? UNKNOWN_CURRENCY;
  const codes = dimensions.map((d) => CODES[d]);
  const byCurrency = new Map<string, KeyCells[]>();
  let lastCurrency: string | undefined;
  let tables: KeyCells[] | undefined;
  for (const record of purchases) {
    const currency = record.currency || fallback;
    if (currency !== lastCurrency || tables === undefined) {
      tables = byCurrency.get(currency);
      if (tables === undefined) byCurrency.set(currency, (tables = dimensions.map(() => new KeyCells())));
      lastCurrency = currency;
    }
    const cents = toCents(value(record));
    for (let j = 0; j < codes.length; j++) {
      let key: string;
      let label: string | null | undefined;
      switch (codes[j]) {
        case 0:
          key = record.productName || NONE;
          break;
        case 1:
          key = record.offerCode || NONE;
          label = record.offerName;
          break;
        case 2:
          key = record.purchaseType || NONE;
          break;
        case 3:
          key = record.paymentMethod || NONE;
          break;
        case 4:
          key = record.psp || NONE;
          break;
        case 5:
          key = record.cardBrand || NONE;
          break;
        case 6:
          key = record.billingCountry || NONE;
          break;
        default:
          key = record.affiliateName || NONE;
      }
      const cell = tables[j]!.cellOf(key, label);
      cell.count++;
      cell.cents += cents;
    }
  }
  const result = {} as Record<D, CurrencyBreakdown[]>;
  dimensions.forEach((d, j) => {
    const perCurrency = new Map([...byCurrency].map(([currency, t]) => [currency, t[j]!]));
    result[d] = summariseCells(perCurrency, d === "offer");
  });
  return result;
}

type By<K extends keyof DimensionPurchase> = <T extends Pick<DimensionPurchase, K> & { currency?: string | null }>(
  purchases: readonly T[],
  value: Value<T>,
  options?: CurrencyOptions,
) => CurrencyBreakdown[];

export const breakdownByProduct: By<"productName"> = (purchases, value, options) => breakdown(purchases, dimensionKeys.product, value, options);
export const breakdownByOffer: By<"offerCode" | "offerName"> = (purchases, value, options) => breakdown(purchases, dimensionKeys.offer, value, { ...options, label: (p) => p.offerName });
export const breakdownByPurchaseType: By<"purchaseType"> = (purchases, value, options) => breakdown(purchases, dimensionKeys.purchaseType, value, options);
export const breakdownByPaymentMethod: By<"paymentMethod"> = (purchases, value, options) => breakdown(purchases, dimensionKeys.paymentMethod, value, options);
export const breakdownByPsp: By<"psp"> = (purchases, value, options) => breakdown(purchases, dimensionKeys.psp, value, options);
/** A purchase paid without a card (pix, boleto) is under "none". */
export const breakdownByCardBrand: By<"cardBrand"> = (purchases, value, options) => breakdown(purchases, dimensionKeys.cardBrand, value, options);
/** By billingCountry. */
export const breakdownByCountry: By<"billingCountry"> = (purchases, value, options) => breakdown(purchases, dimensionKeys.country, value, options);
/** A purchase without an affiliate is under "none". */
export const breakdownByAffiliate: By<"affiliateName"> = (purchases, value, options) => breakdown(purchases, dimensionKeys.affiliate, value, options);
