import "server-only";

// What a range's filter bar and currency decision read of the purchases, kept with each day's mark
// on PostgreSQL (migration 0023's `tallies`): the day's purchases per own currency and decision
// offer (DECISION_OFFER), each dimension's keys, each offer's products, and the first and last of
// its rows' instants. Two years of them are ~730 small texts: reading them replaces groupings of
// every row of the range (0.4-1.1 s each at scale 20) at the start of most reports' first visits
// (docs/benchmarks.md).
//
// A day's tallies are made in SQL from the rows its write has just stored, in that write's
// transaction, and name the fetch they describe (`at`): a day written again by an instance older
// than the migration keeps a stale text under a new fetched_at, which is then read as none. A range
// with a day whose tallies are none is read from its rows, as before; so is, for a range of
// instants, each day whose rows are not all within them (the range's first and last UTC days).
import { z } from "zod";
import type { SnapshotReader } from "../async-purchase-fact-store";
import { ChoicesBuilder, choiceGroupsStatement, choiceLabelsStatement, type PurchaseChoiceGroupRecord, type PurchaseChoiceLabelRecord } from "../purchase-choice-sql";
import {
  affiliateStatements, affiliateSums, createdDay, currencyExpression, placingOffer, DECISION_OFFER, DIMENSION_COLUMN, filterConditions, forDialect, offerCurrencyOf, offerCurrencyStatement,
  type AffiliateSumRecord, type OfferCurrencyRecord,
} from "../purchase-fact-sql";
import { refundGroupsOf, refundStatements, refundSums, salesOfStatement, type RefundCellRecord, type RefundLabelRecord, type RefundSumRecord, type SaleRecord } from "../refund-fact-sql";
import { keptRefundCellsStatement, keptRefundLabelsStatement, keptSalesStatement, refundCellsOf, refundSalesOf } from "./refund-day-cells";
import { keptPayoutTextOf } from "./payout-day-texts";
import { instantsOf, keptElements, placedMarks, placeOfDay, type Instants, type KeptMark } from "./kept-texts";
import { FACT_DIMENSIONS, type FactOfferCurrency, type FactPurchaseChoices, type FactRefundGroups, type PurchaseFactPlan } from "../purchase-fact-store";

/** A day's tallies as written (tallyDayStatement). */
const DayTallies = z.object({
  /** The fetch they describe: the mark's fetched_at when written. */
  at: z.number(),
  /** [own currency, decision offer, purchases]. */
  offers: z.array(z.tuple([z.string(), z.string(), z.number().int()])),
  /** [dimension (its place in FACT_DIMENSIONS), key]. */
  values: z.array(z.tuple([z.number().int(), z.string()])),
  /** [offer key, product key]. */
  pairs: z.array(z.tuple([z.string(), z.string()])),
  lo: z.number().nullable(),
  hi: z.number().nullable(),
  /** Rows without an instant. */
  none: z.number().int(),
});
type DayTallies = z.infer<typeof DayTallies>;

const where = "f.account = $1 AND f.day = $2";
const dimensions = FACT_DIMENSIONS.map((d) => `f.${DIMENSION_COLUMN[d]}`).join(", ");

/** Sets the day's tallies, sales sums, payout text and refund cells from its rows ($1 account, $2 day, $3 the fetch's fetched_at): run after the rows and the mark are written, in their transaction. Migrations 0023 to 0026 hold the same texts for the days written before them. */
export const tallyDayStatement = (rows: string, days: string): string =>
  `UPDATE ${days} SET tallies = (
    SELECT json_build_object('at', $3::bigint,
      'offers', COALESCE((SELECT json_agg(json_build_array(g.currency, g.offer, g.n) ORDER BY g.currency, g.offer)
        FROM (SELECT f.currency, ${DECISION_OFFER} AS offer, COUNT(*) AS n FROM ${rows} f WHERE ${where} GROUP BY 1, 2) g), '[]'::json),
      'values', COALESCE((SELECT json_agg(json_build_array(v.i, v.k) ORDER BY v.i, v.k)
        FROM (SELECT DISTINCT x.i - 1 AS i, x.k FROM ${rows} f CROSS JOIN LATERAL unnest(ARRAY[${dimensions}]) WITH ORDINALITY AS x(k, i) WHERE ${where}) v), '[]'::json),
      'pairs', COALESCE((SELECT json_agg(json_build_array(p.offer, p.product) ORDER BY p.offer, p.product)
        FROM (SELECT DISTINCT f.offer, f.product FROM ${rows} f WHERE ${where}) p), '[]'::json),
      'lo', s.lo, 'hi', s.hi, 'none', s.none)::text
    FROM (SELECT MIN(f.created_at) AS lo, MAX(f.created_at) AS hi, COUNT(*) - COUNT(f.created_at) AS none FROM ${rows} f WHERE ${where}) s
  ), sales_sums = ${salesSumsOf(rows, where, "$3::bigint")}, (payout_at, payout_names, payout_rows) = ${keptPayoutTextOf(rows, where, "$3::bigint")},
    refund_at = $3::bigint, refund_cells = ${refundCellsOf(rows, where)}, refund_sales = ${refundSalesOf(rows, where)} WHERE account = $1 AND day = $2`;

/** The sums a day's sales sums hold per group, in their order (after the group's currency, offer, affiliate and day): the Affiliates leaderboard's, then the Refunds report's. */
export const DAY_SUMS = ["sales", "t", "n", "a", "refunded_sales", "lone_fronts", "refunds", "full_refunds", "partial_refunds", "refunded", "lost"] as const;

/**
 * The day's sales sums as JSON text (migration 0024 holds the same for the days written before
 * it): per own currency, the offer a row without one is placed by ("" for a row with one:
 * currencyExpression does not read it then), affiliate key and UTC day of createdAt, DAY_SUMS (the
 * Affiliates leaderboard's and the Refunds report's sums, as their statements define them), and the
 * day's instants' bounds (tallied's rule). `where`: the day's rows of `rows` as `f`; `at`: the fetch
 * they describe.
 */
function salesSumsOf(rows: string, where: string, at: string): string {
  return `(SELECT json_build_object('at', ${at}, 'lo', s.lo, 'hi', s.hi, 'none', s.none,
      'rows', COALESCE((SELECT json_agg(json_build_array(g.currency, g.offer, g.affiliate, g.d, ${DAY_SUMS.map((name) => `g.${name}`).join(", ")}) ORDER BY g.currency, g.offer, g.affiliate, g.d)
        FROM (SELECT f.currency, ${placingOffer("f")} AS offer, f.affiliate, ${createdDay("f")} AS d, ${affiliateSums("f")}, ${refundSums("f")}
          FROM ${rows} f WHERE ${where} AND f.created_at IS NOT NULL GROUP BY 1, 2, 3, 4) g), '[]'::json))::text
    FROM (SELECT MIN(f.created_at) AS lo, MAX(f.created_at) AS hi, COUNT(*) - COUNT(f.created_at) AS none FROM ${rows} f WHERE ${where}) s)`;
}

interface Tables { rows: string; days: string }

/**
 * The range's days as their tallies say them (`whole`), but for `edges`: with instants, the days
 * whose rows are not all within them, to be read from the rows. Null when a day has none.
 */
async function tallied(reader: SnapshotReader, tables: Tables, account: string, range: { from: string; to: string }, instants?: Instants): Promise<{ whole: Array<{ day: string; tallies: DayTallies }>; edges: string[] } | null> {
  const marks = await reader.all<{ day: string; fetched_at: string; tallies: string | null }>({
    text: `SELECT day, fetched_at, tallies FROM ${tables.days} WHERE account = $1 AND day >= $2 AND day <= $3`,
    args: [account, range.from, range.to],
  });
  const whole: Array<{ day: string; tallies: DayTallies }> = [];
  const edges: string[] = [];
  for (const mark of marks) {
    if (mark.tallies === null) return null;
    const parsed = DayTallies.safeParse(JSON.parse(mark.tallies));
    if (!parsed.success || parsed.data.at !== Number(mark.fetched_at)) return null;
    const { offers, lo, hi, none } = parsed.data;
    if (offers.length === 0) continue;
    const place = instants ? placeOfDay(lo, hi, none, instants) : "whole";
    if (place === "edge") edges.push(mark.day);
    else if (place === "whole") whole.push({ day: mark.day, tallies: parsed.data });
  }
  return { whole, edges };
}

/** offerCurrencyStatement's answer from the days' tallies (one snapshot's `reader`), or null when a day of the range has none. */
export async function offerCurrenciesOfTallies(reader: SnapshotReader, tables: Tables, account: string, range: { from: string; to: string }, instants?: Instants): Promise<FactOfferCurrency[] | null> {
  const days = await tallied(reader, tables, account, range, instants);
  if (!days) return null;
  const builder = new ChoicesBuilder();
  for (const { tallies } of days.whole) for (const [currency, offer, purchases] of tallies.offers) builder.count(currency, offer, purchases);
  if (instants && days.edges.length > 0) {
    const rows = await reader.all<OfferCurrencyRecord>(offerCurrencyStatement("postgres", tables.rows, account, range, instants, days.edges));
    for (const row of rows.map(offerCurrencyOf)) builder.count(row.currency, row.offer, row.purchases);
  }
  return builder.choices([]).currencies;
}

/** The store's choices (choiceGroupsStatement and choiceLabelsStatement's) from the days' tallies and the edges' rows, or null when a day of the range has none. */
export async function choicesOfTallies(reader: SnapshotReader, tables: Tables, account: string, plan: PurchaseFactPlan): Promise<FactPurchaseChoices | null> {
  const days = await tallied(reader, tables, account, plan.days, instantsOf(plan));
  if (!days) return null;
  const builder = new ChoicesBuilder();
  const offer = FACT_DIMENSIONS.indexOf("offer");
  for (const { day, tallies } of days.whole) {
    for (const [dimension, key] of tallies.values) {
      builder.value(dimension, key);
      if (dimension === offer) builder.seen(key, day);
    }
    for (const [offerKey, product] of tallies.pairs) builder.pair(offerKey, product);
    for (const [currency, decisionOffer, purchases] of tallies.offers) builder.count(currency, decisionOffer, purchases);
  }
  if (days.edges.length > 0) for (const g of await reader.all<PurchaseChoiceGroupRecord>(choiceGroupsStatement("postgres", tables.rows, account, plan, days.edges))) builder.group(g);
  const labels = builder.newest.size === 0 ? [] : await reader.all<PurchaseChoiceLabelRecord>(choiceLabelsStatement("postgres", tables.rows, account, plan, builder.newest));
  return builder.choices(labels);
}

/**
 * The range's days for a plan without filters as their sales sums place them against the plan's
 * instants: `whole` days, read from their kept texts, and `edges`, days whose rows are not all
 * within them, read from the rows; null when the plan has a filter or a day has no sums of its
 * current fetch (then the caller reads the range's rows), or fails `current` (a condition on the
 * day's mark `k`: its other texts' fetch).
 */
async function placedDays(reader: SnapshotReader, tables: Tables, account: string, plan: PurchaseFactPlan, current = "TRUE"): Promise<{ whole: string[]; edges: string[] } | null> {
  if (filterConditions(plan, []) !== "") return null;
  const marks = await reader.all<KeptMark>({
    text: `SELECT m.day, m.s IS NOT NULL AND (m.s ->> 'at')::bigint = m.fetched_at AND m.also AS current, (m.s ->> 'lo')::bigint AS lo, (m.s ->> 'hi')::bigint AS hi, (m.s ->> 'none')::bigint AS none
      FROM (SELECT k.day, k.fetched_at, k.sales_sums::json AS s, COALESCE(${current}, FALSE) AS also FROM ${tables.days} k WHERE k.account = $1 AND k.day >= $2 AND k.day <= $3) m`,
    args: [account, plan.days.from, plan.days.to],
  });
  return placedMarks(marks, instantsOf(plan));
}

/**
 * How many rows a plan without filters holds (pageCountStatement's count, the purchases table's
 * total): the whole days' marks' counts (every row of such a day is within the plan's instants)
 * and the edges' rows within them (placedDays), or null. Two years at scale 20: ~0.2-0.45 s of a
 * table's first visit counting 1.1 M rows, against ~730 marks (docs/benchmarks.md).
 */
export async function pageCountOfTallies(reader: SnapshotReader, tables: Tables, account: string, plan: PurchaseFactPlan): Promise<number | null> {
  const days = await placedDays(reader, tables, account, plan);
  if (!days) return null;
  const { fromMs, toMs } = instantsOf(plan);
  const [row] = await reader.all<{ n: string | number }>({
    text: `SELECT COALESCE((SELECT SUM(k.count) FROM ${tables.days} k WHERE k.account = $1 AND k.day = ANY($2::text[])), 0)
      + (SELECT COUNT(*) FROM ${tables.rows} f WHERE f.account = $1 AND f.day = ANY($3::text[]) AND f.created_at >= $4 AND f.created_at < $5) AS n`,
    args: [account, days.whole, days.edges, fromMs, toMs],
  });
  return Number(row?.n ?? 0);
}

/**
 * A plan's sums (per currency, `keys` and UTC day: what its rows' statement gives) of the `whole`
 * days (placedDays'), from their sales sums (`names` of DAY_SUMS). Two years at scale 20: ~730
 * small texts instead of a grouping of 1.1 M rows (1.2-1.6 s, docs/benchmarks.md). The currency is
 * placed in SQL by currencyExpression, as the rows' statements place it.
 */
async function sumsOfWholeDays<R extends object>(reader: SnapshotReader, tables: Tables, account: string, plan: PurchaseFactPlan, whole: readonly string[], keys: ReadonlyArray<"affiliate">, names: ReadonlyArray<(typeof DAY_SUMS)[number]>): Promise<R[]> {
  if (whole.length === 0) return [];
  const args: unknown[] = [];
  const placed = currencyExpression(plan, args);
  const grouped = ["currency", ...keys, "d"];
  const columns = names.map((name) => `(x ->> ${DAY_SUMS.indexOf(name) + 4})::bigint AS ${name}`).join(", ");
  const text = `SELECT ${grouped.map((k) => `r.${k}`).join(", ")}, ${names.map((name) => `SUM(r.${name}) AS ${name}`).join(", ")}
    FROM (SELECT ${placed} AS currency, ${[...keys, "d", ...names].map((k) => `f.${k}`).join(", ")}
      FROM (SELECT x ->> 0 AS currency, x ->> 1 AS currency_offer, x ->> 2 AS affiliate, (x ->> 3)::bigint AS d, ${columns}
        FROM ${keptElements(tables.days, "sales_sums", "rows", account, whole, args)}) f) r
    GROUP BY ${grouped.map((_, i) => i + 1).join(", ")}`;
  return reader.all<R>(forDialect("postgres", { text, args }));
}

/** The Affiliates leaderboard's sums (affiliateStatements' `sums` records) from the whole days' sales sums and the edges' rows (placedDays), or null. */
export async function affiliateSumsOfTallies(reader: SnapshotReader, tables: Tables, account: string, plan: PurchaseFactPlan): Promise<AffiliateSumRecord[] | null> {
  const days = await placedDays(reader, tables, account, plan);
  if (!days) return null;
  const sums = await sumsOfWholeDays<AffiliateSumRecord>(reader, tables, account, plan, days.whole, ["affiliate"], ["sales", "t", "n", "a", "refunded_sales", "lone_fronts"]);
  if (days.edges.length > 0) sums.push(...(await reader.all<AffiliateSumRecord>(affiliateStatements("postgres", tables.rows, account, plan, days.edges).sums)));
  return sums;
}

/**
 * The Refunds report's groups from the whole days' sales sums and refund cells (refund-day-cells.ts)
 * and the edges' rows (placedDays), or null (a day's refund cells not of its fetch too).
 */
export async function refundGroupsOfTallies(reader: SnapshotReader, tables: Tables, account: string, plan: PurchaseFactPlan): Promise<FactRefundGroups | null> {
  const days = await placedDays(reader, tables, account, plan, "k.refund_at = k.fetched_at");
  if (!days) return null;
  const sums = await sumsOfWholeDays<RefundSumRecord>(reader, tables, account, plan, days.whole, [], ["sales", "t", "refunds", "full_refunds", "partial_refunds", "refunded", "lost"]);
  const cells = days.whole.length === 0 ? [] : await reader.all<RefundCellRecord>(keptRefundCellsStatement(tables, account, plan, days.whole));
  if (days.edges.length > 0) {
    const statements = refundStatements("postgres", tables.rows, account, plan, days.edges);
    sums.push(...(await reader.all<RefundSumRecord>(statements.sums)));
    cells.push(...(await reader.all<RefundCellRecord>(statements.cells)));
  }
  const labels = await reader.all<RefundLabelRecord>(keptRefundLabelsStatement(tables, account, plan, days.whole, days.edges));
  return refundGroupsOf({ sums, cells, labels });
}

/**
 * salesOfStatement's rows for `ids` from the whole days' kept refunded sales (refund-day-cells.ts)
 * and, for the ids not among them, the range's rows (a few thousand: the id index answers them),
 * in the records' order; null where the plan has a filter, a day's texts are not of its fetch, or
 * a day of the range has a purchase stored on another day too (repeats not 0: an id kept on one
 * day could then have another row in the range). Two years at scale 20: 0.6 s of every row of the
 * range read → ~0.2 s (docs/benchmarks.md).
 */
export async function salesOfTallies(reader: SnapshotReader, tables: Tables, account: string, plan: PurchaseFactPlan, ids: readonly number[]): Promise<SaleRecord[] | null> {
  const days = await placedDays(reader, tables, account, plan, "k.refund_at = k.fetched_at AND k.repeats = 0");
  if (!days) return null;
  const kept = days.whole.length === 0 ? [] : await reader.all<SaleRecord>(keptSalesStatement(tables, account, plan, days.whole, ids));
  const found = new Set(kept.map((r) => Number(r.purchase_id)));
  const rest = ids.filter((id) => !found.has(id));
  const rows = rest.length === 0 ? [] : await reader.all<SaleRecord>(salesOfStatement("postgres", tables.rows, account, plan, rest));
  // The records' order: newest day first, a day by seq.
  return [...kept, ...rows].sort((a, b) => (a.day! < b.day! ? 1 : a.day! > b.day! ? -1 : Number(a.seq) - Number(b.seq)));
}
