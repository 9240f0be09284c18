// What a range of the purchases fact table offers before any filter, in every back-end's dialect
// (purchase-fact-sql.ts): each filter's keys, each offer's products and first name, and what the
// currency decision reads (FactOfferCurrency). What a report read from its range's day
// summaries (or its records) to fill its filter bar, read here without opening a sealed day.
import { DIMENSION_COLUMN, firstNames, forDialect, rangeRows, type FactDialect, type Numeric, type Statement } from "./purchase-fact-sql";
import { FACT_DIMENSIONS, type FactOfferCurrency, type FactPurchaseChoices, type PurchaseFactPlan } from "./purchase-fact-store";

const DIMENSION_COLUMNS = FACT_DIMENSIONS.map((d) => DIMENSION_COLUMN[d]);

/**
 * Two reads of the plan's range [bucketStarts[0], endMs), its filters not applied:
 * - groups: the rows grouped by every dimension at once, their own currency and the offer code
 *   placing a row without one (a few thousand groups; one grouping, not one a dimension), each
 *   dimension's keys, the offers' products and the currencies read off them (choicesOf);
 * - labels: each offer key's name as its first row in the records' order gives it (newest day
 *   first, a day in its stored order), as lib/analytics/offer-choices.ts names an offer.
 */
export function choiceStatements(dialect: FactDialect, table: string, account: string, plan: PurchaseFactPlan): Record<"groups" | "labels", Statement> {
  const unfiltered = { ...plan, filters: {} };
  const groupArgs: unknown[] = [];
  const keys = [...DIMENSION_COLUMNS, "own", "currency_offer"].map((c) => `r.${c}`).join(", ");
  const groupRows = rangeRows(dialect, unfiltered, table, account, groupArgs, `${DIMENSION_COLUMNS.map((c) => `f.${c}`).join(", ")}, f.currency AS own, f.currency_offer`);
  const groups = `SELECT ${keys}, COUNT(*) AS purchases FROM ${groupRows} GROUP BY ${keys}`;
  const labelArgs: unknown[] = [];
  const labelRows = rangeRows(dialect, unfiltered, table, account, labelArgs, "f.offer, f.offer_name, f.day, f.seq");
  const labels = firstNames(dialect, ["offer"], labelRows);
  return { groups: forDialect(dialect, { text: groups, args: groupArgs }), labels: forDialect(dialect, { text: labels, args: labelArgs }) };
}

export type ChoiceGroupRecord = { own: string; currency_offer: string; purchases: Numeric } & Record<string, string | Numeric>;
export type ChoiceLabelRecord = { offer: string; offer_name: string | null };

export function choicesOf(rows: { groups: readonly ChoiceGroupRecord[]; labels: readonly ChoiceLabelRecord[] }): FactPurchaseChoices {
  const values = new Map<string, { dimension: number; key: string }>();
  const offerProducts = new Map<string, { offer: string; product: string }>();
  const currencies = new Map<string, FactOfferCurrency>();
  for (const g of rows.groups) {
    DIMENSION_COLUMNS.forEach((column, dimension) => {
      const key = String(g[column]);
      values.set(`${dimension}\n${key}`, { dimension, key });
    });
    const offer = String(g[DIMENSION_COLUMN.offer]);
    const product = String(g[DIMENSION_COLUMN.product]);
    offerProducts.set(`${offer}\n${product}`, { offer, product });
    // As offerCurrencyStatement counts them: a row with a currency by its offer key, one without by the code placing it.
    const counted = { currency: g.own, offer: g.own === "" ? g.currency_offer : offer };
    const id = `${counted.currency}\n${counted.offer}`;
    const seen = currencies.get(id);
    if (seen) seen.purchases += Number(g.purchases);
    else currencies.set(id, { ...counted, purchases: Number(g.purchases) });
  }
  return {
    values: [...values.values()],
    offerProducts: [...offerProducts.values()],
    labels: rows.labels.map((l) => ({ offer: l.offer, label: l.offer_name })),
    currencies: [...currencies.values()],
  };
}
