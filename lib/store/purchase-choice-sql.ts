// What a range of the purchases fact table offers before any filter, in every back-end's dialect
// (purchase-fact-sql.ts): each filter's keys, each offer's products and first name, and what the
// currency decision reads (FactOfferCurrency). What a report read from its range's day
// summaries (or its records) to fill its filter bar, read here without opening a sealed day.
import type { SnapshotReader } from "./async-purchase-fact-store";
import { DIMENSION_COLUMN, forDialect, rangeRows, type FactDialect, type Numeric, type Statement } from "./purchase-fact-sql";
import { FACT_DIMENSIONS, type FactOfferCurrency, type FactPurchaseChoices, type PurchaseFactPlan } from "./purchase-fact-store";

const DIMENSION_COLUMNS = FACT_DIMENSIONS.map((d) => DIMENSION_COLUMN[d]);

/**
 * The first of two reads of the plan's range [bucketStarts[0], endMs), its filters not applied:
 * the rows grouped by every dimension at once, their own currency and the offer code placing a row
 * without one (a few thousand groups; one grouping, not one a dimension), with each group's
 * newest day. Each dimension's keys, the offers' products, the currencies and each offer's newest
 * day are read off them (builtOfGroups).
 */
export function choiceGroupsStatement(dialect: FactDialect, table: string, account: string, plan: PurchaseFactPlan, onDays?: readonly string[]): Statement {
  const args: unknown[] = [];
  const keys = [...DIMENSION_COLUMNS, "own", "currency_offer"].map((c) => `r.${c}`).join(", ");
  // onDays (PostgreSQL's, day-tallies.ts): only those days' rows.
  const rows = rangeRows(dialect, { ...plan, filters: {} }, table, account, args, `${DIMENSION_COLUMNS.map((c) => `f.${c}`).join(", ")}, f.currency AS own, f.currency_offer, f.day`, onDays && "f.day = ANY(?::text[])");
  if (onDays) args.push(onDays);
  return forDialect(dialect, { text: `SELECT ${keys}, COUNT(*) AS purchases, MAX(r.day) AS newest FROM ${rows} GROUP BY ${keys}`, args });
}

export type PurchaseChoiceGroupRecord = { own: string; currency_offer: string; purchases: Numeric; newest: string } & Record<string, string | Numeric>;
export type PurchaseChoiceLabelRecord = { offer: string; offer_name: string | null };

/**
 * The second read: each offer key's name as its first row in the records' order gives it (newest
 * day first, a day in its stored order): the rows of the range on each offer's newest day only,
 * a few days' rows through the table's (account, day, seq) key, numbered per offer by seq. Read
 * over the whole range, numbering every row took ~1.7 s on PostgreSQL at scale 20 (~0.6 s on
 * DuckDB); this, with the grouping's newest days, ~10 ms.
 */
export function choiceLabelsStatement(dialect: FactDialect, table: string, account: string, plan: PurchaseFactPlan, newest: ReadonlyMap<string, string>): Statement {
  const args: unknown[] = [account, plan.bucketStarts[0] ?? plan.endMs, plan.endMs];
  const pairs = [...newest].map(([offer, day]) => {
    args.push(offer, day);
    return "(f.offer = ? AND f.day = ?)";
  });
  const text = `SELECT offer, offer_name FROM (SELECT f.offer, f.offer_name, ROW_NUMBER() OVER (PARTITION BY f.offer ORDER BY f.seq) AS n
    FROM ${table} f WHERE f.account = ? AND f.created_at >= ? AND f.created_at < ? AND (${pairs.join(" OR ")})) x WHERE n = 1`;
  return forDialect(dialect, { text, args });
}

/** The range's choices read from its rows (one snapshot's `reader`): the groups, then the offers' names on their newest days. */
export async function choicesOfRows(reader: SnapshotReader, dialect: FactDialect, table: string, account: string, plan: PurchaseFactPlan): Promise<FactPurchaseChoices> {
  const built = builtOfGroups(await reader.all<PurchaseChoiceGroupRecord>(choiceGroupsStatement(dialect, table, account, plan)));
  return built.choices(built.newest.size === 0 ? [] : await reader.all<PurchaseChoiceLabelRecord>(choiceLabelsStatement(dialect, table, account, plan, built.newest)));
}

/** The groups read into a builder, once: its `newest` names the days the labels are read on, its `choices` the rest. */
export function builtOfGroups(groups: readonly PurchaseChoiceGroupRecord[]): ChoicesBuilder {
  const builder = new ChoicesBuilder();
  for (const g of groups) builder.group(g);
  return builder;
}

/**
 * What the choices are read off: each dimension's keys, the offers' products, the currency
 * decision's counts and each offer's newest day; from the rows' groups (choiceGroupsStatement), or
 * from PostgreSQL's days' tallies (postgres/day-tallies.ts), or both.
 */
export class ChoicesBuilder {
  private readonly values = new Map<string, { dimension: number; key: string }>();
  private readonly offerProducts = new Map<string, { offer: string; product: string }>();
  private readonly currencies = new Map<string, FactOfferCurrency>();
  readonly newest = new Map<string, string>();

  value(dimension: number, key: string): void {
    this.values.set(`${dimension}\n${key}`, { dimension, key });
  }

  pair(offer: string, product: string): void {
    this.offerProducts.set(`${offer}\n${product}`, { offer, product });
  }

  /** Purchases of a currency (a row's own, "" for none) and decision offer, as offerCurrencyStatement counts them. */
  count(currency: string, offer: string, purchases: number): void {
    const id = `${currency}\n${offer}`;
    const seen = this.currencies.get(id);
    if (seen) seen.purchases += purchases;
    else this.currencies.set(id, { currency, offer, purchases });
  }

  /** An offer key has a row on `day`. */
  seen(offer: string, day: string): void {
    const seen = this.newest.get(offer);
    if (seen === undefined || day > seen) this.newest.set(offer, day);
  }

  group(g: PurchaseChoiceGroupRecord): void {
    DIMENSION_COLUMNS.forEach((column, dimension) => this.value(dimension, String(g[column])));
    const offer = String(g[DIMENSION_COLUMN.offer]);
    this.pair(offer, String(g[DIMENSION_COLUMN.product]));
    // A row with a currency by its offer key, one without by the code placing it.
    this.count(g.own, g.own === "" ? g.currency_offer : offer, Number(g.purchases));
    this.seen(offer, String(g.newest));
  }

  choices(labels: readonly PurchaseChoiceLabelRecord[]): FactPurchaseChoices {
    return {
      values: [...this.values.values()],
      offerProducts: [...this.offerProducts.values()],
      labels: labels.map((l) => ({ offer: l.offer, label: l.offer_name })),
      currencies: [...this.currencies.values()],
    };
  }
}
