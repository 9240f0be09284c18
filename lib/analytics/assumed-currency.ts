// Records that come without a currency (the field notes: the real service may omit it) are
// placed by their offer first: the offers catalog's currency for it, else the currency other
// records of the same offer carry. Only then the account's setting, else "unknown", kept per
// offer: two offers whose currency cannot be told may be sold in two currencies, so their
// records are never added together. (The most common currency of the account is no guess:
// in a mixed account it put dollars into the reais.)
import { UNKNOWN_CURRENCY } from "./totals-by-currency";

/** How the currency of records without one was decided, when no offer told it. */
export type AssumptionSource = "setting" | "none";
/** How an offer's currency was told. */
export type OfferCurrencySource = "catalog" | "same-offer";

/** How many records without a currency were placed each way. */
export interface CurrencyTally {
  catalog: number;
  sameOffer: number;
  setting: number;
  unknown: number;
  /** The currencies that took records by their offer (catalog or same offer), sorted. */
  inferredIn: string[];
}

export interface CurrencyAssumption {
  /** The setting's code (source "setting"), else "unknown". */
  currency: string;
  source: AssumptionSource;
  /** Offers whose currency was told, and how; records of them without a currency take it. */
  offers: Record<string, { currency: string; source: OfferCurrencySource }>;
  /** Of the shown period's records, how many were placed each way (set by the report). */
  tally?: CurrencyTally;
}

type WithCurrency = { currency?: string | null };
type OfferRecord = { offerCode?: string | null; currency?: string | null };

const CODE = /^[a-z]{3}$/;
const UNKNOWN_PREFIX = `${UNKNOWN_CURRENCY}:`;

/** A currency code as the user typed it, normalised; null when it is not a three-letter code. */
export function normalizeCurrencyCode(value: string): string | null {
  const code = value.trim().toLowerCase();
  return CODE.test(code) ? code : null;
}

/** The group of an offer's records whose currency cannot be told: one per offer, never shared. */
export function unknownCurrencyOf(offerCode: string | null | undefined): string {
  return offerCode ? `${UNKNOWN_PREFIX}${offerCode}` : UNKNOWN_CURRENCY;
}

/** The offer of an "unknown" group (null for the one of records without an offer, or a real code). */
export function offerOfUnknownCurrency(currency: string): string | null {
  return currency.startsWith(UNKNOWN_PREFIX) ? currency.slice(UNKNOWN_PREFIX.length) : null;
}

/** True for every group whose currency could not be told ("unknown", "unknown:<offer>"). */
export function isUnknownCurrency(currency: string): boolean {
  return currency === UNKNOWN_CURRENCY || currency.startsWith(UNKNOWN_PREFIX);
}

/** Each offer's single currency among `sources`; an offer seen in two currencies is not told. */
export function currenciesByOffer(sources: Iterable<OfferRecord>): Map<string, string | null> {
  const byOffer = new Map<string, string | null>();
  for (const { offerCode, currency } of sources) {
    const code = currency ? currency.trim().toLowerCase() : "";
    if (!offerCode || !code) continue;
    const known = byOffer.get(offerCode);
    if (known === undefined) byOffer.set(offerCode, code);
    else if (known !== code) byOffer.set(offerCode, null);
  }
  return byOffer;
}

export interface InferenceInput {
  /** The account's currency for sales without one; null when not set. */
  setting: string | null | undefined;
  /** The offers catalog's records (offerCode, currency); null when it did not answer. */
  catalog: Iterable<OfferRecord> | null;
  /** Records that may carry a currency (purchases, the summaries' offers). */
  records: Iterable<OfferRecord>;
}

/**
 * How records without a currency are placed: by their offer (catalog, then other records of
 * the offer), then the setting, then "unknown" per offer. An offer given two currencies (by
 * the catalog, by records, or one by each) is not told: it was sold in both.
 */
export function inferCurrencies(input: InferenceInput): CurrencyAssumption {
  const offers: CurrencyAssumption["offers"] = {};
  const catalog = input.catalog ? currenciesByOffer(input.catalog) : new Map<string, string | null>();
  const records = currenciesByOffer(input.records);
  for (const [offer, currency] of catalog) {
    // Records of the offer in another currency say it was sold in two: its records are not told.
    const seen = records.get(offer);
    if (currency && (seen === undefined || seen === currency)) offers[offer] = { currency, source: "catalog" };
  }
  for (const [offer, currency] of records) {
    if (currency && !catalog.has(offer)) offers[offer] = { currency, source: "same-offer" };
  }
  return input.setting ? { currency: input.setting, source: "setting", offers } : { currency: UNKNOWN_CURRENCY, source: "none", offers };
}

/** The assumption with nothing told: the setting, else "unknown" per offer. */
export function assumeCurrency(setting: string | null | undefined): CurrencyAssumption {
  return inferCurrencies({ setting, catalog: null, records: [] });
}

/** The currency a record is counted in, and how it was decided ("own" when it carried one). */
export function currencyOfRecord(assumption: CurrencyAssumption, record: OfferRecord): { currency: string; how: "own" | "catalog" | "sameOffer" | "setting" | "unknown" } {
  if (record.currency) return { currency: record.currency, how: "own" };
  const told = record.offerCode ? assumption.offers[record.offerCode] : undefined;
  if (told) return { currency: told.currency, how: told.source === "catalog" ? "catalog" : "sameOffer" };
  if (assumption.source === "setting") return { currency: assumption.currency, how: "setting" };
  return { currency: unknownCurrencyOf(record.offerCode), how: "unknown" };
}

export const emptyTally = (): CurrencyTally => ({ catalog: 0, sameOffer: 0, setting: 0, unknown: 0, inferredIn: [] });

function count(tally: CurrencyTally, placed: ReturnType<typeof currencyOfRecord>, n: number): void {
  if (placed.how === "own") return;
  tally[placed.how] += n;
  if ((placed.how === "catalog" || placed.how === "sameOffer") && !tally.inferredIn.includes(placed.currency)) tally.inferredIn = [...tally.inferredIn, placed.currency].sort();
}

/** The tally of records without a currency, counted per offer ("" for none). */
export function tallyByOffer(assumption: CurrencyAssumption, missingByOffer: ReadonlyMap<string, number>): CurrencyTally {
  const tally = emptyTally();
  for (const [offerCode, n] of missingByOffer) count(tally, currencyOfRecord(assumption, { offerCode: offerCode || null }), n);
  return tally;
}

export const tallyTotal = (tally: CurrencyTally): number => tally.catalog + tally.sameOffer + tally.setting + tally.unknown;

/**
 * The records with a currency written into those that lack one (copies: the originals may be
 * shared with a cache), how many needed it, and how each was placed.
 */
export function withAssumedCurrency<T extends WithCurrency & { offerCode?: string | null }>(records: readonly T[], assumption: CurrencyAssumption): { records: T[]; assumed: number; tally: CurrencyTally } {
  const tally = emptyTally();
  let assumed = 0;
  const out = records.map((record) => {
    if (record.currency) return record;
    assumed++;
    const placed = currencyOfRecord(assumption, record);
    count(tally, placed, 1);
    return { ...record, currency: placed.currency };
  });
  return { records: assumed === 0 ? (records as T[]) : out, assumed, tally };
}
