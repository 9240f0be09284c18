// The purchases fact table's SQL, one text for every back-end: SQLite (better-sqlite3, `?`
// placeholders, buckets from json_each), PostgreSQL (pg, `$n`, buckets from unnest) and DuckDB
// (the PostgreSQL text with `?` kept, buckets from zipped unnests). The statements differ only
// where the dialects do; the behaviour suite holds them to one answer.
import { PayoutColumnsBuilder, payoutColumnArrays, type PayoutSaleColumns } from "@/lib/records/payout-columns";
import { withTransfer } from "./worker/transfer";
import { soldMsOf } from "@/lib/timestamps";
import type { ColumnBatch } from "./async-purchase-fact-store";
import { UNKNOWN_CURRENCY } from "@/lib/records/keys";
import {
  FACT_CSV_AMOUNTS, FACT_DIMENSIONS, FACT_SUMS, type FactAffiliateCount, type FactAffiliateGroups, type FactBucketGroup, type FactDimension, type FactFundsDue, type FactOfferCurrency, type FactOrderGroup, type FactPageItem, type FactPageRequest, type FactSortKey, type FactSummaryGroups, type PurchaseFactPlan, type PurchaseFactRow, type PurchaseSummaryPlan,
} from "./purchase-fact-store";

/**
 * "duckdb" (lib/store/duckdb) reads PostgreSQL's text but for the buckets' join (bucketJoin) and
 * the placeholders (it takes `?`). Its `/` of two integers is a division of doubles; its store
 * opens the instance with `integer_division`, so `created_at / 900000` is PostgreSQL's here too.
 */
export type FactDialect = "sqlite" | "postgres" | "duckdb";

export const DIMENSION_COLUMN: Record<FactDimension, string> = {
  product: "product",
  offer: "offer",
  purchaseType: "purchase_type",
  paymentMethod: "payment_method",
  psp: "psp",
  cardBrand: "card_brand",
  country: "country",
  affiliate: "affiliate",
};

export const SUM_COLUMNS = ["transaction_cents", "items_gross_cents", "items_net_cents", "shipping_cents", "taxes_cents", "platform_fees_cents", "creator_net_cents", "affiliation_cents", "affiliation_net_cents", "refunded_cents", "commission_lost_cents"] as const;

if (SUM_COLUMNS.length !== FACT_SUMS.length) throw new Error("purchase facts: a sum without its column");

/** The purchases table's sort values (FactTableKeys), in the order rowValues writes them. */
export const TABLE_KEY_COLUMNS = ["purchase_created_at", "sort_product", "sort_type", "sort_method", "sort_country", "sale_amount", "commission_amount"];

/** What the Abandonment report reads of a purchase (PurchaseFactRow's checkout), in the order rowValues writes them. */
export const CHECKOUT_COLUMNS = ["checkout_id", "offer_code", "checkout_initialized_at"];

/**
 * The row `row` of `table` is a front purchase whose checkout another front purchase row of the
 * account has (that day's or another's): what a purchases day's `checkout_repeats` counts, on
 * PostgreSQL and DuckDB alike. The other row's literals let PostgreSQL read it by the partial index
 * of front purchases by checkout (migration 0020).
 */
export const sharesFrontCheckout = (table: string, row: string): string =>
  `${row}.purchase_type = 'front' AND ${row}.checkout_id <> '' AND EXISTS (SELECT 1 FROM ${table} g WHERE g.account = ${row}.account AND g.purchase_type = 'front' AND g.checkout_id <> ''
    AND g.checkout_id = ${row}.checkout_id AND (g.day <> ${row}.day OR g.seq <> ${row}.seq))`;

/** A record's field as its column's name (amountCreatorTax: amount_creator_tax). */
export const snakeCase = (field: string) => field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** The columns the purchases CSV alone reads (PurchaseFactRow's csv), in the order rowValues writes them. */
export const CSV_COLUMNS = ["raw_psp", "raw_card_brand", "raw_affiliate_name", "incoming_available_at", ...FACT_CSV_AMOUNTS.map(snakeCase)];

/** The row's columns after (account, day, seq), in insertion order. */
export const ROW_COLUMNS = ["purchase_id", "order_id", "created_at", "available_at", "currency", "currency_offer", "offer_name", ...FACT_DIMENSIONS.map((d) => DIMENSION_COLUMN[d]), ...SUM_COLUMNS, ...TABLE_KEY_COLUMNS, ...CHECKOUT_COLUMNS, ...CSV_COLUMNS];

export function rowValues(row: PurchaseFactRow): Array<string | number | null> {
  const t = row.table;
  return [
    row.purchaseId, row.orderId, row.createdAt, row.availableAt, row.currency, row.currencyOffer, row.offerName, ...FACT_DIMENSIONS.map((d) => row.dims[d]), ...row.sums,
    t.createdAt, t.product, t.type, t.method, t.country, t.sale, t.commission,
    row.checkout.checkoutId, row.checkout.offerCode, row.checkout.createdText,
    row.csv.psp, row.csv.cardBrand, row.csv.affiliateName, row.csv.incomingAvailableAt, ...row.csv.amounts,
  ];
}

/** SQL with `?` placeholders; PostgreSQL's text numbers them. */
export interface Statement { text: string; args: unknown[] }

const numbered = (text: string): string => {
  let n = 0;
  return text.replace(/\?/g, () => `$${++n}`);
};

export const forDialect = (dialect: FactDialect, statement: Statement): Statement => (dialect === "postgres" ? { text: numbered(statement.text), args: statement.args } : statement);

/**
 * Per group of `keys` (columns of `rows`, a source aliased `r` that holds offer_name, day and
 * seq), the offer name of the group's first row in the records' order (newest day first, a day
 * by seq): the name an offer is labelled by, the name of the greatest (day, -seq), unique per
 * row as the table's key is. DuckDB has arg_max_null (two years at scale 20 in ~50 ms where
 * numbering the rows took ~600 ms). PostgreSQL and SQLite take the greatest of one text per
 * row that sorts as (day, -seq) does and ends with the name: the day, the seq's distance from
 * the greatest INTEGER in ten digits, then "1" and the name, or "0" for none; byte order
 * ("C" on PostgreSQL, SQLite's default). Numbering the rows (ROW_NUMBER() ordered by day and
 * seq) took ~3.2 s on PostgreSQL at scale 20, sorting two years in files; this ~0.8 s.
 */
export function firstNames(dialect: FactDialect, keys: readonly string[], rows: string): string {
  const list = keys.map((k) => `r.${k}`).join(", ");
  if (dialect === "duckdb") return `SELECT ${list}, arg_max_null(r.offer_name, struct_pack(d := r.day, s := -r.seq)) AS offer_name FROM ${rows} GROUP BY ${list}`;
  return namesOfMarks(dialect, keys, `(SELECT ${list}, ${nameMark(dialect, "r")} AS m FROM ${rows}) r`);
}

/** The text of firstNames' order for a row `r` (PostgreSQL's or SQLite's): its day, its seq's distance from the greatest INTEGER in ten digits, then "1" and its offer name, or "0" for none. */
export function nameMark(dialect: Exclude<FactDialect, "duckdb">, r: string): string {
  const distance = `${INTEGER_MAX} - ${r}.seq`;
  return `${r}.day || ${dialect === "postgres" ? `lpad((${distance})::text, 10, '0')` : `printf('%010d', ${distance})`} || COALESCE('1' || ${r}.offer_name, '0')`;
}

/** firstNames of `marks` (a source aliased `r` of `keys` and `m`, nameMark's texts): the greatest mark per group, read back to its name. */
export function namesOfMarks(dialect: Exclude<FactDialect, "duckdb">, keys: readonly string[], marks: string): string {
  const list = keys.map((k) => `r.${k}`).join(", ");
  const greatest = dialect === "postgres" ? `MAX(r.m COLLATE "C")` : `MAX(r.m)`;
  // The day's 10 characters and the distance's 10, then the mark: the name follows it.
  return `SELECT ${keys.join(", ")}, CASE WHEN substr(m, 21, 1) = '1' THEN substr(m, 22) END AS offer_name FROM (SELECT ${list}, ${greatest} AS m FROM ${marks} GROUP BY ${list}) x`;
}

/** The greatest seq a table's INTEGER column holds (PostgreSQL's; a day's seq counts its records from 0). */
const INTEGER_MAX = 2_147_483_647;

/**
 * The stored days a report reads. SQLite without statistics (nothing runs ANALYZE) took this
 * range of the primary key for its index, and so read every row of the account for a one-product
 * filter; the unary + keeps it a plain condition, so the time or dimension index is used.
 */
export const days = (dialect: FactDialect) => (dialect === "sqlite" ? "+f.day >= ? AND +f.day <= ?" : "f.day >= ? AND f.day <= ?");

/**
 * The offer a row's currency is placed by, as currencyExpression reads it: the row's
 * currency_offer when it has no own currency, else "" (currencyExpression does not read the offer
 * then). What a day's kept texts group by, so that a reader places them by its own decision
 * (lib/store/postgres/day-tallies.ts, payout-day-texts.ts). `f`: the row's alias.
 */
export const placingOffer = (f: string): string => `CASE WHEN ${f}.currency = '' THEN ${f}.currency_offer ELSE '' END`;

/** The currency a row is counted in: its own, else its offer's told one, else the setting, else "unknown" per offer (lib/analytics/assumed-currency). Shared by the orders fact table. */
export function currencyExpression(plan: Pick<PurchaseFactPlan, "currency">, args: unknown[]): string {
  const whens = plan.currency.offers.map(([offer, currency]) => {
    args.push(offer, currency);
    return "WHEN f.currency_offer = ? THEN ?";
  });
  let fallback: string;
  if (plan.currency.setting !== null) {
    args.push(plan.currency.setting);
    fallback = "?";
  } else fallback = `CASE WHEN f.currency_offer <> '' THEN '${UNKNOWN_CURRENCY}:' || f.currency_offer ELSE '${UNKNOWN_CURRENCY}' END`;
  return `CASE WHEN f.currency <> '' THEN f.currency ${whens.join(" ")} ELSE ${fallback} END`;
}

export function filterConditions(plan: Pick<PurchaseFactPlan, "filters">, args: unknown[]): string {
  const parts: string[] = [];
  for (const d of FACT_DIMENSIONS) {
    const accepted = plan.filters[d];
    if (!accepted || accepted.length === 0) continue;
    args.push(...accepted);
    parts.push(` AND f.${DIMENSION_COLUMN[d]} IN (${accepted.map(() => "?").join(", ")})`);
  }
  return parts.join("");
}

/**
 * The local buckets joined with a fact table's rows by instant (shared by the orders fact table):
 * `from` for the statement's FROM, `bucket` its 0-based index, `within` the join's condition where
 * the dialect keeps it in WHERE, with `withinArgs` for its placeholders (the caller pushes them
 * where WHERE's text puts them). The buckets' bounds are pushed onto `args` (placeholders are
 * numbered in the text's order).
 */
export function bucketJoin(dialect: FactDialect, table: string, plan: Pick<PurchaseFactPlan, "bucketStarts" | "endMs">, args: unknown[]): { from: string; bucket: string; within: string; withinArgs?: unknown[] } {
  const ends = [...plan.bucketStarts.slice(1), plan.endMs];
  if (dialect === "sqlite") {
    // The buckets drive the loop (CROSS JOIN keeps them outside): each is one range of the (account, created_at) index.
    args.push(JSON.stringify(plan.bucketStarts.map((s, i) => [s, ends[i]])));
    return {
      from: `(SELECT CAST(key AS INTEGER) AS i, json_extract(value, '$[0]') AS s, json_extract(value, '$[1]') AS e FROM json_each(?)) b CROSS JOIN ${table} f`,
      bucket: "b.i",
      within: " AND f.created_at >= b.s AND f.created_at < b.e",
    };
  }
  if (dialect === "duckdb") {
    // DuckDB's unnest takes one list, with or without ORDINALITY; unnests side by side in one
    // SELECT are zipped, the bucket's index being the third.
    args.push(plan.bucketStarts, ends, plan.bucketStarts.length);
    return { from: `(SELECT unnest(?::bigint[]) AS s, unnest(?::bigint[]) AS e, unnest(range(?)) AS i) b JOIN ${table} f ON f.created_at >= b.s AND f.created_at < b.e`, bucket: "b.i", within: "" };
  }
  if (contiguous(plan)) {
    // Each row's bucket found by a binary search of the ascending starts, joined to the buckets by
    // it (a hash join): a join by range compared every row with every bucket (two years of 700 k
    // orders by month, 25 buckets: 1.5 s; by the search 0.4 s, docs/benchmarks.md). A row before
    // the first start searches to 0, no bucket's; one at or past the end is left out by `within`.
    args.push(plan.bucketStarts, plan.bucketStarts);
    return { from: `unnest(?::bigint[]) WITH ORDINALITY AS b(s, i) JOIN ${table} f ON b.i = width_bucket(f.created_at, ?::bigint[])`, bucket: "b.i - 1", within: " AND f.created_at < ?", withinArgs: [plan.endMs] };
  }
  args.push(plan.bucketStarts, ends);
  return { from: `unnest(?::bigint[], ?::bigint[]) WITH ORDINALITY AS b(s, e, i) JOIN ${table} f ON f.created_at >= b.s AND f.created_at < b.e`, bucket: "b.i - 1", within: "" };
}

/** Buckets that follow one another, each start after the one before and the last before the end: width_bucket's thresholds, each bucket ending where the next starts. */
const contiguous = (plan: Pick<PurchaseFactPlan, "bucketStarts" | "endMs">): boolean =>
  plan.bucketStarts.length > 0 && plan.bucketStarts.every((s, i) => i === 0 || plan.bucketStarts[i - 1]! < s) && plan.bucketStarts.at(-1)! < plan.endMs;

/**
 * The parts of a statement over the range join of the buckets' instants with a fact table's
 * rows (purchases, orders): the placed currency, the bucket, the join and the conditions (the
 * table's own filters), with their arguments in the text's order (placeholders are numbered so).
 */
export function bucketedRows<Plan extends Pick<PurchaseFactPlan, "currency" | "bucketStarts" | "endMs" | "days">>(dialect: FactDialect, table: string, account: string, plan: Plan, filtersOf: (plan: Plan, args: unknown[]) => string) {
  const args: unknown[] = [];
  const currency = currencyExpression(plan, args);
  const { from, bucket, within, withinArgs = [] } = bucketJoin(dialect, table, plan, args);
  args.push(account, plan.days.from, plan.days.to, ...withinArgs);
  const where = `f.account = ? AND ${days(dialect)}${within}${filtersOf(plan, args)}`;
  return { args, currency, bucket, from, where };
}

/** Purchases and sums per currency and local bucket: the range join of the buckets' instants with the rows. */
export function bucketStatement(dialect: FactDialect, table: string, account: string, plan: PurchaseFactPlan): Statement {
  const { args, currency, bucket, from, where } = bucketedRows(dialect, table, account, plan, filterConditions);
  const sums = SUM_COLUMNS.map((c, i) => `SUM(f.${c}) AS s${i}`).join(", ");
  const text = `SELECT ${currency} AS currency, ${bucket} AS bucket, COUNT(*) AS purchases, ${sums} FROM ${from}
    WHERE ${where}
    GROUP BY 1, 2`;
  return forDialect(dialect, { text, args });
}

/** Distinct orders per currency with their purchase types: an order's bits are those of all its purchases in the selection. */
export function orderStatement(dialect: FactDialect, table: string, account: string, plan: PurchaseFactPlan, selection?: string): Statement {
  const args: unknown[] = [];
  let from: string;
  let currency: string;
  if (selection) {
    from = `${selection} f`;
    currency = "f.currency";
  } else {
    currency = currencyExpression(plan, args);
    const start = plan.bucketStarts[0] ?? plan.endMs;
    args.push(account, plan.days.from, plan.days.to, start, plan.endMs);
    from = `${table} f WHERE f.account = ? AND ${days(dialect)} AND f.created_at >= ? AND f.created_at < ?${filterConditions(plan, args)}`;
  }
  const flag = (type: string) => `MAX(CASE WHEN f.purchase_type = '${type}' THEN 1 ELSE 0 END)`;
  const text = `SELECT currency, COUNT(*) AS orders, SUM(front) AS front_orders, SUM(front * bump) AS bump, SUM(front * upsell) AS upsell, SUM(front * downsell) AS downsell
    FROM (SELECT ${currency} AS currency, ${flag("front")} AS front, ${flag("order_bump")} AS bump, ${flag("upsell")} AS upsell, ${flag("downsell")} AS downsell
      FROM ${from}
      GROUP BY 1, f.order_id, CASE WHEN f.order_id IS NULL THEN f.day END, CASE WHEN f.order_id IS NULL THEN f.seq END) o
    GROUP BY currency`;
  return forDialect(dialect, { text, args });
}

/** The columns of a selection: the rows of a plan's range after its filters, their currency placed (the record's own is left out), their funds' kind told. */
const ROW_VALUES = ROW_COLUMNS.filter((c) => c !== "currency" && !TABLE_KEY_COLUMNS.includes(c) && !CHECKOUT_COLUMNS.includes(c) && !CSV_COLUMNS.includes(c));
export const SELECTION_COLUMNS = ["currency", "kind", "day", "seq", ...ROW_VALUES];

const KIND = "CASE WHEN f.available_at IS NULL THEN 0 WHEN f.available_at < 0 THEN 1 ELSE 2 END";

/** The rows of the plan's whole range, after its filters, with their currency placed: what the summary's statements group. */
export function rangeRows(dialect: FactDialect, plan: PurchaseFactPlan, table: string, account: string, args: unknown[], columns: string, only?: string): string {
  const currency = currencyExpression(plan, args);
  args.push(account, plan.days.from, plan.days.to, plan.bucketStarts[0] ?? plan.endMs, plan.endMs);
  const filters = filterConditions(plan, args);
  const range = filters || only ? `${days(dialect)} AND f.created_at` : unfilteredRange(dialect);
  return `(SELECT ${currency} AS currency, ${columns} FROM ${table} f WHERE f.account = ? AND ${range} >= ? AND f.created_at < ?${filters}${only ? ` AND ${only}` : ""}) r`;
}

/**
 * Without a filter (nor `only`, a condition a partial index answers), every row of the range is
 * read: SQLite reads them faster along the primary key's day range (the rows of a day side by
 * side) than through the time index (a lookup per row): 1.5 to 1.9 times at two years of scale 5.
 * The unary + keeps created_at a plain condition. With a filter, days() keeps the dimension's
 * index in the choice.
 */
const unfilteredRange = (dialect: FactDialect) => (dialect === "sqlite" ? "f.day >= ? AND f.day <= ? AND +f.created_at" : "f.day >= ? AND f.day <= ? AND f.created_at");

/**
 * Ids as one parameter, a table `j` (or `alias`) of them (column `value`): a JSON array for SQLite, a
 * bigint[] for PostgreSQL, and for DuckDB one text of the ids between commas, split in SQL:
 * @duckdb/node-api binds a list a value at a time (about 0.5 s for the 60 k sales the refunds
 * of two years name at scale 20). No id gives no row (the text is then NULL).
 */
export function idList(dialect: FactDialect, ids: readonly number[], args: unknown[], alias = "j"): string {
  if (dialect === "duckdb") {
    args.push(ids.length === 0 ? null : ids.map((id) => BigInt(id).toString()).join(","));
    return `unnest(CAST(string_split(CAST(? AS VARCHAR), ',') AS BIGINT[])) AS ${alias}(value)`;
  }
  args.push(dialect === "sqlite" ? JSON.stringify(ids) : [...ids]);
  return dialect === "sqlite" ? `json_each(?) ${alias}` : `unnest(?::bigint[]) AS ${alias}(value)`;
}

/**
 * The plan's rows after its filters whose purchase id is one of `ids`, as rangeRows' subquery
 * `r`. The ids are one parameter, each id once: a list of placeholders made each statement of
 * 5,000 ids scan the whole range again. SQLite and DuckDB join the ids' rows (a JSON array, a
 * text) to the (account, purchase_id) index; SQLite's planner would rather range over the
 * (account, created_at) index once per id (it cannot know the ids' count): it is told which.
 * PostgreSQL tests `= ANY` of a bigint[], which its planner sizes: looked up by the index for a few
 * ids and hashed for many, beside a parallel scan of the range (the ~67 k sales of two years of
 * refunds at scale 20 in 0.24 s, against 0.73 s joined to the array's rows, a serial hash join:
 * docs/benchmarks.md).
 */
export function idRows(dialect: FactDialect, plan: PurchaseFactPlan, table: string, account: string, ids: readonly number[], args: unknown[], columns: string): string {
  const currency = currencyExpression(plan, args);
  const unique = [...new Set(ids)];
  let from = `${table} f`;
  let byId = "f.purchase_id = ANY(?::bigint[])";
  if (dialect === "postgres") args.push(unique);
  else {
    // Joined to the rows, an id given twice would give its row twice (IN did not).
    from = `${idList(dialect, unique, args)} CROSS JOIN ${dialect === "sqlite" ? `${table} f INDEXED BY ${table}_id` : from}`;
    byId = "f.purchase_id = j.value";
  }
  args.push(account, plan.days.from, plan.days.to, plan.bucketStarts[0] ?? plan.endMs, plan.endMs);
  const filters = filterConditions(plan, args);
  return `(SELECT ${currency} AS currency, ${columns} FROM ${from}
    WHERE ${byId} AND f.account = ? AND ${days(dialect)} AND f.created_at >= ? AND f.created_at < ?${filters}) r`;
}

/**
 * PostgreSQL's settings around a selection's fill (`CREATE TABLE AS`), in its transaction: the
 * planner, counting each row passed from parallel workers as work, read alone what two workers and
 * the table's writer read faster (two years at scale 20: a Revenue selection of one product
 * ~0.6-1.1 → ~0.4-0.7 s, the Abandonment's carts ~1.0-1.1 → ~0.75-0.85 s in `psql`,
 * docs/benchmarks.md); the statements after the fill plan as they did.
 */
export const PARALLEL_FILL = { before: "SET LOCAL parallel_tuple_cost = 0", after: "SET LOCAL parallel_tuple_cost TO DEFAULT" } as const;

/**
 * Fills a selection table (SELECTION_COLUMNS) with the plan's rows: one read of the fact table for
 * all of a summary's aggregates. PostgreSQL's (`create`) makes it, a temporary table of the
 * transaction with the columns' types and collations, from the same rows.
 */
export function selectionStatement(dialect: FactDialect, table: string, account: string, plan: PurchaseFactPlan, selection: string, create = false): Statement {
  const args: unknown[] = [];
  const rows = rangeRows(dialect, plan, table, account, args, `${KIND} AS kind, f.day, f.seq, ${ROW_VALUES.map((c) => `f.${c}`).join(", ")}`);
  const into = create ? `CREATE TEMP TABLE ${selection} ON COMMIT DROP AS` : `INSERT INTO ${selection} (${SELECTION_COLUMNS.join(", ")})`;
  return forDialect(dialect, { text: `${into} SELECT ${SELECTION_COLUMNS.map((c) => `r.${c}`).join(", ")} FROM ${rows}`, args });
}

const SLOT = 900_000;

/**
 * The local day (days since the epoch) of an instant column under the zone's constant-offset
 * segments ([from, to, offset] ms); outside them, a key of the instant's slot alone (negative, so
 * it meets no day). The numbers are ours, integers checked here, written into the text as literals.
 */
function localDayKey(column: string, segments: PurchaseSummaryPlan["localDays"] & object): string {
  if (!segments.every((segment) => segment.every(Number.isSafeInteger))) throw new TypeError("purchase summary: a zone segment that is not whole milliseconds");
  return `CASE ${segments.map(([from, to, offset]) => `WHEN ${column} >= ${from} AND ${column} < ${to} THEN (${column} + ${offset}) / ${DAY}`).join(" ")} ELSE -1 - ${column} / ${SLOT} END`;
}

/**
 * The summary's aggregates over the plan's rows: read from the fact table by each, or from a
 * selection filled once. With the plan's `localDays`, the slots of one local day and one UTC day
 * are one group keyed by its earliest slot, and the availability slots of one local day likewise
 * (FactSummaryGroups): a few rows a day instead of up to 96, the same figures in days or longer.
 */
export function summaryStatements(dialect: FactDialect, table: string, account: string, plan: PurchaseSummaryPlan, selection?: string): Record<"slots" | "dims" | "labels" | "funds", Statement> {
  const source = (args: unknown[], columns: string) => (selection ? `${selection} r` : rangeRows(dialect, plan, table, account, args, columns));
  const sums = SUM_COLUMNS.map((c, i) => `SUM(r.${c}) AS s${i}`).join(", ");
  const days = plan.localDays;
  const slotArgs: unknown[] = [];
  const slotRows = source(slotArgs, `f.created_at, ${SUM_COLUMNS.map((c) => `f.${c}`).join(", ")}`);
  const slots = days
    ? `SELECT r.currency, MIN(r.created_at / ${SLOT}) AS slot, COUNT(*) AS purchases, ${sums} FROM ${slotRows} GROUP BY r.currency, ${localDayKey("r.created_at", days)}, r.created_at / ${DAY}`
    : `SELECT r.currency, r.created_at / ${SLOT} AS slot, COUNT(*) AS purchases, ${sums} FROM ${slotRows} GROUP BY 1, 2`;
  const dimArgs: unknown[] = [];
  const dimColumns = `${FACT_DIMENSIONS.map((d) => `f.${DIMENSION_COLUMN[d]}`).join(", ")}, f.transaction_cents, f.affiliation_cents`;
  // One grouping by every dimension at once (one sort, not eight); each dimension's groups are
  // rolled up from it when read (summaryGroupsOf).
  const dimKeys = FACT_DIMENSIONS.map((d) => `r.${DIMENSION_COLUMN[d]}`).join(", ");
  const dims = `SELECT r.currency, ${dimKeys}, COUNT(*) AS purchases, SUM(r.transaction_cents) AS t, SUM(r.affiliation_cents) AS a FROM ${source(dimArgs, dimColumns)}
    GROUP BY ${["r.currency", dimKeys].join(", ")}`;
  const labelArgs: unknown[] = [];
  const labels = firstNames(dialect, ["currency", "offer"], source(labelArgs, "f.offer, f.offer_name, f.day, f.seq"));
  const fundArgs: unknown[] = [];
  const fundRows = source(fundArgs, `${KIND} AS kind, f.available_at, f.creator_net_cents, f.affiliation_net_cents`);
  const fundSums = "SUM(r.creator_net_cents) AS creator_net, SUM(r.affiliation_net_cents) AS affiliation_net, COUNT(*) AS purchases";
  const funds = days
    ? `SELECT r.currency, r.kind, CASE WHEN r.kind = 2 THEN MIN(r.available_at / ${SLOT}) ELSE 0 END AS slot, ${fundSums}
      FROM ${fundRows} GROUP BY r.currency, r.kind, CASE WHEN r.kind = 2 THEN ${localDayKey("r.available_at", days)} ELSE 0 END`
    : `SELECT r.currency, r.kind, CASE WHEN r.kind = 2 THEN r.available_at / ${SLOT} ELSE 0 END AS slot, ${fundSums}
      FROM ${fundRows} GROUP BY 1, 2, 3`;
  return {
    slots: forDialect(dialect, { text: slots, args: slotArgs }),
    dims: forDialect(dialect, { text: dims, args: dimArgs }),
    labels: forDialect(dialect, { text: labels, args: labelArgs }),
    funds: forDialect(dialect, { text: funds, args: fundArgs }),
  };
}

const SORT_COLUMN: Record<Exclude<FactSortKey, "amount">, string> = {
  createdAt: "purchase_created_at",
  product: "sort_product",
  type: "sort_type",
  method: "sort_method",
  country: "sort_country",
};

/** The table's rows of a page request's range, after its filters (Revenue's: the purchases engine's "none"). */
export function pageRows(dialect: FactDialect, table: string, account: string, request: Pick<FactPageRequest, "plan">, args: unknown[]): string {
  const { plan } = request;
  args.push(account, plan.days.from, plan.days.to, plan.bucketStarts[0] ?? plan.endMs, plan.endMs);
  return `FROM ${table} f WHERE f.account = ? AND ${days(dialect)} AND f.created_at >= ? AND f.created_at < ?${filterConditions(plan, args)}`;
}

/** How many rows a page request's range and filters hold. */
export function pageCountStatement(dialect: FactDialect, table: string, account: string, request: FactPageRequest): Statement {
  const args: unknown[] = [];
  return forDialect(dialect, { text: `SELECT COUNT(*) AS n ${pageRows(dialect, table, account, request, args)}`, args });
}

/**
 * `limit` rows from `offset` in the table's order: the sort value, then the purchase id in the
 * same direction (table-page.ts's sortedOrder), then the row's place (a total order, so that a
 * page read from the other end is the same rows). Texts compare by code point (SQLite's BINARY,
 * PostgreSQL's "C"), as JavaScript's < does short of characters past U+FFFF; amounts are the
 * records' numbers, as the table compares them.
 *
 * Cost: the range's rows after the filters are read by the (account, created_at) index (or a
 * filter's) and sorted keeping the best offset + limit (a top-N sort): every page reads the
 * range once, and a deep page keeps more in the sorter; purchasePage reads a page past the
 * middle from the other end, so the last page costs what the first does. On PostgreSQL the
 * default order and the amounts' are read along an index in this order instead (migration 0030),
 * the range's conditions checked on the way: a page costs its offset and limit.
 */
export function pageStatement(dialect: FactDialect, table: string, account: string, request: FactPageRequest, dir: "asc" | "desc", offset: number, limit: number): Statement {
  const args: unknown[] = [];
  const from = pageRows(dialect, table, account, request, args);
  const column = request.sort === "amount" ? (request.amount === "sale" ? "sale_amount" : "commission_amount") : SORT_COLUMN[request.sort];
  const order = [column, "purchase_id", "day", "seq"].map((c) => `f.${c} ${dir.toUpperCase()}`).join(", ");
  args.push(limit, offset);
  return forDialect(dialect, { text: `SELECT f.purchase_id, f.day, f.seq ${from} ORDER BY ${order} LIMIT ? OFFSET ?`, args });
}

/**
 * Which of `ids` are rows of the plan's range after its filters, and where each lives: what the
 * reveal action may answer for. Each id is looked up by the (account, purchase_id) index, as the
 * Refunds report's sales are (idRows), not found by reading the range's rows.
 */
export function locateStatement(dialect: FactDialect, table: string, account: string, plan: PurchaseFactPlan, ids: readonly number[]): Statement {
  const args: unknown[] = [];
  return forDialect(dialect, { text: `SELECT r.purchase_id, r.day, r.seq FROM ${idRows(dialect, plan, table, account, ids, args, "f.purchase_id, f.day, f.seq")} ORDER BY r.day, r.seq`, args });
}

/** The UTC day (days since 1970) of a row's createdAt: integer division on every back-end (DuckDB's with integer_division). */
export const createdDay = (r: string): string => `${r}.created_at / 86400000`;

/** What the Affiliates leaderboard sums of a group of rows `r`: its sales, money, refunded sales and front sales without an order (AffiliateSumRecord's). */
export const affiliateSums = (r: string): string =>
  `COUNT(*) AS sales, SUM(${r}.transaction_cents) AS t, SUM(${r}.creator_net_cents) AS n, SUM(${r}.affiliation_cents) AS a,
      SUM(CASE WHEN ${r}.refunded_cents > 0 THEN 1 ELSE 0 END) AS refunded_sales, SUM(CASE WHEN ${r}.purchase_type = 'front' AND ${r}.order_id IS NULL THEN 1 ELSE 0 END) AS lone_fronts`;

/**
 * The Affiliates leaderboard's statements over the plan's rows, their currency placed:
 * - sums: per currency, affiliate key and UTC day of createdAt, the sales, money, refunded sales
 *   and front sales without an order (affiliateGroupsOf sums the days, and lists them: the days
 *   holding a row, from this read instead of another of the range: 0.67 s at scale 20 on PostgreSQL);
 * - orders: per currency and affiliate, the distinct orders holding one of its front sales in that
 *   currency, joined to those orders' purchase types over all their rows of the currency (whoever
 *   they are attributed to), as attachRates reads an affiliate's checkouts.
 */
export function affiliateStatements(dialect: FactDialect, table: string, account: string, plan: PurchaseFactPlan, onDays?: readonly string[]): Record<"sums" | "orders", Statement> {
  const sumArgs: unknown[] = [];
  // onDays (PostgreSQL's, postgres/day-tallies.ts): the sums of those days' rows only.
  const sumRows = rangeRows(dialect, plan, table, account, sumArgs, "f.created_at, f.affiliate, f.transaction_cents, f.creator_net_cents, f.affiliation_cents, f.refunded_cents, f.purchase_type, f.order_id", onDays && "f.day = ANY(?::text[])");
  if (onDays) sumArgs.push(onDays);
  const sums = `SELECT r.currency, r.affiliate, ${createdDay("r")} AS d, ${affiliateSums("r")} FROM ${sumRows} GROUP BY 1, 2, 3`;
  const orderArgs: unknown[] = [];
  const rows = rangeRows(dialect, plan, table, account, orderArgs, "f.affiliate, f.purchase_type, f.order_id");
  // Each order's flags over its rows by a window, not by joining two groupings of the rows: SQLite
  // joined those as nested loops, which took 40 s for 56,000 rows. The window reads only the rows
  // the answer depends on: the flags' bumps and upsells, and the front sales an affiliate holds
  // (an order's flags are the same without its other rows). Two years at scale 20 on PostgreSQL:
  // 540 k of the 1.1 M rows sorted, 1.2-1.3 s instead of 1.6 s alone (docs/benchmarks.md). The
  // partition's order id first: the sort compares integers, not the placed currency's text first
  // (two years at scale 20 in psql, alternating runs: 1.07-1.21 → 0.91-1.06 s).
  const flag = (type: string) => `MAX(CASE WHEN r.purchase_type = '${type}' THEN 1 ELSE 0 END) OVER (PARTITION BY r.order_id, r.currency)`;
  const counted = "r.order_id IS NOT NULL AND (r.purchase_type IN ('order_bump', 'upsell') OR (r.purchase_type = 'front' AND r.affiliate <> 'none'))";
  const orders = `SELECT a.currency, a.affiliate, COUNT(*) AS front_orders, SUM(a.bump) AS bump, SUM(a.upsell) AS upsell
    FROM (SELECT DISTINCT w.currency, w.affiliate, w.order_id, w.bump, w.upsell
      FROM (SELECT r.currency, r.affiliate, r.purchase_type, r.order_id, ${flag("order_bump")} AS bump, ${flag("upsell")} AS upsell FROM ${rows} WHERE ${counted}) w
      WHERE w.purchase_type = 'front' AND w.affiliate <> 'none') a
    GROUP BY a.currency, a.affiliate`;
  return {
    sums: forDialect(dialect, { text: sums, args: sumArgs }),
    orders: forDialect(dialect, { text: orders, args: orderArgs }),
  };
}

const DAY = 86_400_000;

/** Per currency and affiliate key, how many of the plan's rows (after its filters) have one of `ids`. */
export function countSalesStatement(dialect: FactDialect, table: string, account: string, plan: PurchaseFactPlan, ids: readonly number[]): Statement {
  const args: unknown[] = [];
  const rows = idRows(dialect, plan, table, account, ids, args, "f.affiliate");
  return forDialect(dialect, { text: `SELECT r.currency, r.affiliate, COUNT(*) AS sales FROM ${rows} GROUP BY 1, 2`, args });
}

/**
 * What the payout calendar reads of every row of the UTC days, its currency placed, in the
 * records' order (newest day first, a day in its stored order: fetchRange's), so the calendar
 * made of them is the records' to the cent and to the float's rounding. The days are a range of
 * the primary key (account, day, seq); the order is its reverse by day, sorted by seq within one.
 * SQLite reads its plain rows, DuckDB its columns; PostgreSQL reads a text per day instead
 * (lib/store/postgres/payout-day-texts.ts).
 */
export function payoutStatement(dialect: FactDialect, table: string, account: string, range: { from: string; to: string }, currency: PurchaseFactPlan["currency"], texts?: PayoutTexts, order: PayoutOrder = "records"): Statement {
  const args: unknown[] = [];
  const nets = "f.creator_net_cents, f.affiliation_net_cents, f.transaction_cents, f.refunded_cents";
  if (dialect !== "duckdb" || !texts) {
    const placed = currencyExpression({ currency }, args);
    args.push(account, range.from, range.to);
    return forDialect(dialect, { text: `SELECT f.purchase_id, NULL AS sold_ms, f.purchase_created_at, f.created_at, f.available_at, NULL AS currency_code, ${placed} AS currency, NULL AS product_code, f.sort_product, ${nets} FROM ${table} f WHERE f.account = ? AND f.day >= ? AND f.day <= ? ORDER BY f.day DESC, f.seq`, args });
  }
  // DuckDB hands a text to JavaScript at ~1.5 µs (a number at ~0.05): at 1.1 M rows the three
  // texts were most of the read. The API's own timestamp shape is read here (timestampMs's fast
  // path: the same digits, a date that exists, UTC); any other text is sent, to be read as the
  // records read it. The currency and the product are sent as their place (1-based) in `texts`
  // (payoutTextsStatement's, read just before); one `texts` lacks (a day stored in between) is sent as text.
  // The numbers are sent as DOUBLEs (exact: ids and cents are far below 2^53) and read a column
  // at a time (payoutColumnsOfBatches); the last column says whether a row sends a text at all, so a
  // batch without one reads none of the text columns.
  // In the "stored" order (PayoutOrder) the sold instant is the one written with the row, and three
  // more columns give each row's day (days since 1970), its seq, and whether it was stored without one.
  args.push(texts.currencies, texts.products);
  const placed = currencyExpression({ currency }, args);
  args.push(account, range.from, range.to);
  const places = `list_position(?::VARCHAR[], c.currency) AS currency_code, list_position(?::VARCHAR[], c.sort_product) AS product_code`;
  const rest = `r.created_at::DOUBLE, r.available_at::DOUBLE,
      r.currency_code::DOUBLE, CASE WHEN r.currency_code IS NULL THEN r.currency END, r.product_code::DOUBLE, CASE WHEN r.product_code IS NULL THEN r.sort_product END,
      r.creator_net_cents::DOUBLE, r.affiliation_net_cents::DOUBLE, r.transaction_cents::DOUBLE, r.refunded_cents::DOUBLE`;
  if (order === "stored") {
    // The sold instant as written with the row (duckdb-purchase-fact-store.ts's sold_at): its text is not read at all; the last column marks a row stored before it was.
    const text = `SELECT r.purchase_id::DOUBLE, r.sold_at::DOUBLE, NULL::VARCHAR, ${rest},
      CASE WHEN r.currency_code IS NULL OR r.product_code IS NULL THEN 1 ELSE 0 END::DOUBLE, (TRY_CAST(r.day AS DATE) - DATE '1970-01-01')::DOUBLE, r.seq::DOUBLE, (r.sold_at IS NULL)::DOUBLE
    FROM (SELECT c.*, ${places} FROM (
      SELECT f.day, f.seq, f.purchase_id, f.sold_at, f.created_at, f.available_at, ${placed} AS currency, f.sort_product, ${nets}
      FROM ${table} f WHERE f.account = ? AND f.day >= ? AND f.day <= ?) c) r`;
    return forDialect(dialect, { text, args });
  }
  const text = `SELECT r.purchase_id::DOUBLE, r.sold_ms::DOUBLE, CASE WHEN r.sold_ms IS NULL THEN r.purchase_created_at END, ${rest},
      CASE WHEN r.sold_ms IS NULL OR r.currency_code IS NULL OR r.product_code IS NULL THEN 1 ELSE 0 END::DOUBLE
    FROM (SELECT c.*, ${places} FROM (
      SELECT f.day, f.seq, f.purchase_id, f.purchase_created_at, f.created_at, f.available_at, ${placed} AS currency, f.sort_product, ${nets},
        ${SOLD_FROM_TEXT} AS sold_ms
      FROM ${table} f WHERE f.account = ? AND f.day >= ? AND f.day <= ?) c) r
    ORDER BY r.day DESC, r.seq`;
  return forDialect(dialect, { text, args });
}

/** The API's timestamp shape with every field in range (TRY_STRPTIME then refuses a day the month lacks, as timestampMs does). */
const API_TIMESTAMP = "[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])T([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9]Z";

/** The API's timestamp shape read by DuckDB (NULL for any other text): the instant timestampMs's fast path reads from the same digits. */
export const SOLD_FROM_TEXT = `CASE WHEN regexp_full_match(f.purchase_created_at, '${API_TIMESTAMP}') THEN epoch_ms(TRY_STRPTIME(f.purchase_created_at, '%Y-%m-%dT%H:%M:%SZ')) END`;

/**
 * How DuckDB's payoutStatement reads: in the records' order (newest day first, a day by seq), the
 * sold instant read from its text; or as stored, with each row's day and seq, for
 * payoutColumnsOfStoredBatches to put in the records' order, the sold instant the one written with
 * the row (duckdb-purchase-fact-store.ts's sold_at). Sorted by DuckDB, two years at scale 20 (1.1 M
 * rows of 14 columns) were gathered whole in its memory first: the process's peak rose by ~140 MiB
 * more than the same read streamed as stored; and the texts' check and parse took ~0.3 s of a
 * cold read (docs/benchmarks.md). The other back-ends always send the records' order.
 */
export type PayoutOrder = "records" | "stored";

/** The placed currencies and the products of a payout range, which payoutStatement sends as their places. */
export interface PayoutTexts { currencies: string[]; products: string[] }

/** The distinct placed currencies and products of the range (a few rows): DuckDB's payoutStatement sends them as places in these lists. */
export function payoutTextsStatement(dialect: FactDialect, table: string, account: string, range: { from: string; to: string }, currency: PurchaseFactPlan["currency"]): Statement {
  const args: unknown[] = [];
  const placed = currencyExpression({ currency }, args);
  args.push(account, range.from, range.to);
  return forDialect(dialect, { text: `SELECT DISTINCT ${placed} AS currency, f.sort_product AS product FROM ${table} f WHERE f.account = ? AND f.day >= ? AND f.day <= ?`, args });
}

export const payoutTextsOf = (rows: ReadonlyArray<{ currency: string; product: string | null }>): PayoutTexts => ({
  currencies: [...new Set(rows.map((r) => r.currency))],
  // A product without a name (NULL) is sent as itself: list_position finds no NULL.
  products: [...new Set(rows.flatMap((r) => (r.product === null ? [] : [r.product])))],
});

/** The offer a row tells the currency decision of (currencyInputsOf): its own with its currency, its currency's offer without one. */
export const DECISION_OFFER = "CASE WHEN f.currency = '' THEN f.currency_offer ELSE f.offer END";

/**
 * What the currency decision reads of whole UTC days, or of the instants [fromMs, toMs) among them
 * (lib/query/purchase-currency-query.ts), as the day summaries and the records have it: the purchases per own currency and offer, the offer being a row's
 * offer key, or for a row without a currency the offer code that places it (currency_offer).
 */
export function offerCurrencyStatement(dialect: FactDialect, table: string, account: string, range: { from: string; to: string }, instants?: { fromMs: number; toMs: number }, onDays?: readonly string[]): Statement {
  const args: unknown[] = [account, range.from, range.to];
  if (instants) args.push(instants.fromMs, instants.toMs);
  // onDays (PostgreSQL's, postgres/day-tallies.ts): only those days' rows.
  if (onDays) args.push(onDays);
  const text = `SELECT f.currency, ${DECISION_OFFER} AS offer, COUNT(*) AS purchases
    FROM ${table} f WHERE f.account = ? AND ${instants ? `${unfilteredRange(dialect)} >= ? AND f.created_at < ?` : days(dialect)}${onDays ? " AND f.day = ANY(?::text[])" : ""} GROUP BY 1, 2`;
  return forDialect(dialect, { text, args });
}

export type OfferCurrencyRecord = { currency: string; offer: string; purchases: Numeric };

export const offerCurrencyOf = (r: OfferCurrencyRecord): FactOfferCurrency => ({ currency: r.currency, offer: r.offer, purchases: Number(r.purchases) });

/**
 * fundsDue's sums: the window's rows first (their purchase ids), then every copy of those
 * purchases in the days, ranked newest day first so that each counts once, as its newest copy
 * says (a copy moved out of the window by a newer one is not due). PostgreSQL finds the window's
 * rows by their index of available_at (migration 0027).
 */
export function fundsDueStatement(dialect: FactDialect, table: string, account: string, range: { from: string; to: string }, currency: PurchaseFactPlan["currency"], window: { fromMs: number; toMs: number }): Statement {
  // The arguments in the order their places stand in the text.
  const args: unknown[] = [];
  const placed = currencyExpression({ currency }, args);
  args.push(account, range.from, range.to, account, range.from, range.to, window.fromMs, window.toMs, window.fromMs, window.toMs);
  const due = `SELECT DISTINCT d.purchase_id FROM ${table} d WHERE d.account = ? AND d.day >= ? AND d.day <= ? AND d.available_at >= ? AND d.available_at < ?`;
  const text = `SELECT r.currency, SUM(r.creator_net_cents) AS creator_net, SUM(r.affiliation_net_cents) AS affiliation_net, COUNT(*) AS sales FROM (
      SELECT ${placed} AS currency, f.creator_net_cents, f.affiliation_net_cents, f.available_at,
        ROW_NUMBER() OVER (PARTITION BY f.purchase_id ORDER BY f.day DESC, f.seq) AS k
      FROM ${table} f WHERE f.account = ? AND f.day >= ? AND f.day <= ? AND f.purchase_id IN (${due})
    ) r WHERE r.k = 1 AND r.available_at >= ? AND r.available_at < ? GROUP BY r.currency`;
  return forDialect(dialect, { text, args });
}

export type FundsDueRecord = { currency: string; creator_net: Numeric; affiliation_net: Numeric; sales: Numeric };

export const fundsDueOf = (r: FundsDueRecord): FactFundsDue => ({ currency: r.currency, creatorNet: Number(r.creator_net), affiliationNet: Number(r.affiliation_net), sales: Number(r.sales) });

/**
 * A row of payoutStatement, as an array (better-sqlite3's raw mode), or as pg would hand it (a
 * BIGINT as text: the tests' rows for the PostgreSQL day texts' parse). The sold instant is read
 * (DuckDB) or its text given; the currency and product are places in payoutTextsStatement's lists
 * (DuckDB), or texts.
 */
export type PayoutRecord = [Numeric, Numeric | null, string | null, Numeric | null, Numeric | null, Numeric | null, string | null, Numeric | null, string | null, Numeric, Numeric, Numeric, Numeric];

/** A place's text in `list` (1-based), or the text itself without a place. */
const placedText = (list: readonly string[] | undefined, place: Numeric | null, text: string | null): string => (place === null || !list ? (text as string) : list[Number(place) - 1]!);

/** The payout calendar's columns of payoutStatement's rows: the sold instant by the records' rule; a purchase stored on two days counted once (its newest day's), as fetchRange does. */
export function payoutColumnsOf(rows: Iterable<PayoutRecord>, texts?: PayoutTexts): PayoutSaleColumns {
  const columns = new PayoutColumnsBuilder();
  for (const [id, soldMs, purchaseCreatedAt, createdAt, availableAt, currencyCode, currency, productCode, product, creatorNet, affiliationNet, transaction, refunded] of rows) {
    columns.push({
      purchaseId: Number(id),
      soldMs: soldMs !== null ? Number(soldMs) : soldMsOf(purchaseCreatedAt, () => (createdAt === null ? NaN : Number(createdAt))),
      availableMs: availableAt === null ? NaN : Number(availableAt),
      creatorNet: Number(creatorNet),
      affiliationNet: Number(affiliationNet),
      transaction: Number(transaction),
      refunded: Number(refunded),
      product: placedText(texts?.products, productCode, product),
      currency: placedText(texts?.currencies, currencyCode, currency),
    });
  }
  return columns.done();
}

/** A store's fresh payout columns, marked to move, not be copied, to the caller's thread (worker/transfer.ts): no one here reads them again. */
export const payoutColumnsToMove = (columns: PayoutSaleColumns): PayoutSaleColumns => withTransfer(columns, payoutColumnArrays(columns));

/**
 * payoutColumnsOf's columns from the DuckDB statement's rows read a column at a time (its numbers
 * as DOUBLEs, NULL as NaN, and a last column marking the rows that send a text): the same rule
 * for each row, with no array or bigint per row.
 */
export async function payoutColumnsOfBatches(batches: AsyncIterable<ColumnBatch>, texts: PayoutTexts, rowCount: number): Promise<PayoutSaleColumns> {
  return (await payoutBuilderOfBatches(batches, texts, rowCount, null)).done();
}

/**
 * payoutColumnsOfBatches of the rows as stored (payoutStatement's "stored" order: each row's day,
 * seq and whether it lacks its sold instant in three more columns), put in the records' order:
 * newest day first, a day by seq. Rows
 * come as DuckDB stores them, a day's rows together in seq order (a day is written, and written
 * again, whole); the days, each one stretch of rows, are put in order as blocks. Rows that do not
 * come so (a day in two stretches, a seq not above the one before it), or a row stored without its
 * sold instant, give null: the caller reads them again in the records' order (payoutStatement's "records").
 */
export async function payoutColumnsOfStoredBatches(batches: AsyncIterable<ColumnBatch>, texts: PayoutTexts, rowCount: number): Promise<PayoutSaleColumns | null> {
  const days = new DayStretches();
  const builder = await payoutBuilderOfBatches(batches, texts, rowCount, days);
  const stretches = days.inRecordsOrder();
  if (!stretches) return null;
  builder.orderStretches(stretches);
  return builder.done();
}

/** The stretches of rows holding one day each, as the rows are read (row numbers across the batches). */
class DayStretches {
  private readonly starts: number[] = [];
  private readonly days: number[] = [];
  private rows = 0;
  private day = NaN;
  private seq = NaN;
  private ordered = true;

  /** `unsold`: 1 where a row was stored without its sold instant (before the column was), which refuses the rows too. */
  read(day: Float64Array, seq: Float64Array, unsold: Float64Array, length: number): void {
    if (unsold.includes(1)) this.ordered = false;
    for (let i = 0; i < length; i++) {
      const d = day[i]!;
      const s = seq[i]!;
      if (d !== this.day) {
        this.starts.push(this.rows + i);
        this.days.push(d);
        this.day = d;
      } else if (!(s > this.seq)) this.ordered = false;
      this.seq = s;
    }
    this.rows += length;
  }

  /** The stretches [start, end) newest day first; null when a day is not one stretch in seq order (or a day is not a number). */
  inRecordsOrder(): Array<readonly [number, number]> | null {
    const { starts, days } = this;
    if (!this.ordered || new Set(days).size !== days.length || days.some((d) => Number.isNaN(d))) return null;
    return days
      .map((_, k) => k)
      .sort((a, b) => days[b]! - days[a]!)
      .map((k) => [starts[k]!, k + 1 < starts.length ? starts[k + 1]! : this.rows] as const);
  }
}

/** The builder fed the DuckDB statement's batches (their day, seq and missing sold instants read into `days` when given). */
async function payoutBuilderOfBatches(batches: AsyncIterable<ColumnBatch>, texts: PayoutTexts, rowCount: number, days: DayStretches | null): Promise<PayoutColumnsBuilder> {
  // Sized to the rows (`rowCount`, what the days' marks count; more grow it): a builder that doubles as it fills allocated and copied ~150 MiB at 1.1 M rows.
  const columns = new PayoutColumnsBuilder(rowCount);
  const numbers = (batch: ColumnBatch, c: number) => batch.column(c) as Float64Array;
  for await (const batch of batches) {
    const [purchaseId, soldMs, created, availableMs, currencyCode, productCode, creatorNet, affiliationNet, transaction, refunded, texted] = [0, 1, 3, 4, 5, 7, 9, 10, 11, 12, 13].map((c) => numbers(batch, c)) as Float64Array[] as [Float64Array, Float64Array, Float64Array, Float64Array, Float64Array, Float64Array, Float64Array, Float64Array, Float64Array, Float64Array, Float64Array];
    // The rows that send a text: an instant not in the API's shape, a currency or product not in `texts`.
    const [purchaseCreatedAt, currency, product] = texted.includes(1) ? [2, 6, 8].map((c) => batch.column(c) as ArrayLike<string | null>) : [];
    // A row read as stored sends no text: its instant, NaN or not, is the one written with it.
    if (purchaseCreatedAt) for (let i = 0; i < batch.length; i++) if (Number.isNaN(soldMs[i]!) && purchaseCreatedAt[i] !== null) soldMs[i] = soldMsOf(purchaseCreatedAt[i], () => created[i]!);
    days?.read(numbers(batch, 14), numbers(batch, 15), numbers(batch, 16), batch.length);
    columns.pushColumns(
      batch.length,
      { purchaseId, soldMs, availableMs, creatorNet, affiliationNet, transaction, refunded },
      { place: productCode, names: texts.products, text: product },
      { place: currencyCode, names: texts.currencies, text: currency },
    );
  }
  return columns;
}

type AffiliateSumRecord = { currency: string; affiliate: string; d: Numeric; sales: Numeric; t: Numeric; n: Numeric; a: Numeric; refunded_sales: Numeric; lone_fronts: Numeric };
type AffiliateOrderRecord = { currency: string; affiliate: string; front_orders: Numeric; bump: Numeric; upsell: Numeric };
type AffiliateCountRecord = { currency: string; affiliate: string; sales: Numeric };

/**
 * Rows grouped by UTC day (`d`, days since 1970) summed per key (integers, exact in a number), in
 * the order each key's first row came, with the days holding a row (YYYY-MM-DD, ascending): what
 * the Affiliates' and the Refunds' sums read off their statements' rows.
 */
export function summedOverDays<R extends { d: Numeric }, S>(rows: readonly R[], keyOf: (r: R) => string, make: (r: R) => S, add: (sum: S, r: R) => void): { sums: S[]; days: string[] } {
  const sums = new Map<string, S>();
  const days = new Set<number>();
  for (const r of rows) {
    days.add(Number(r.d));
    const id = keyOf(r);
    let sum = sums.get(id);
    if (sum === undefined) sums.set(id, (sum = make(r)));
    add(sum, r);
  }
  return { sums: [...sums.values()], days: [...days].sort((a, b) => a - b).map((d) => new Date(d * DAY).toISOString().slice(0, 10)) };
}

/** The groups from the statements' rows: each currency and affiliate key's sums over its days, and the days holding a row (summedOverDays). */
export function affiliateGroupsOf(rows: { sums: readonly AffiliateSumRecord[]; orders: readonly AffiliateOrderRecord[] }): FactAffiliateGroups {
  const { sums, days } = summedOverDays(
    rows.sums,
    (r) => JSON.stringify([r.currency, r.affiliate]),
    (r) => ({ currency: r.currency, affiliate: r.affiliate, sales: 0, transaction: 0, creatorNet: 0, affiliation: 0, refunded: 0, loneFronts: 0 }),
    (sum, r) => {
      sum.sales += Number(r.sales);
      sum.transaction += Number(r.t);
      sum.creatorNet += Number(r.n);
      sum.affiliation += Number(r.a);
      sum.refunded += Number(r.refunded_sales);
      sum.loneFronts += Number(r.lone_fronts);
    },
  );
  return { sums, orders: rows.orders.map((r) => ({ currency: r.currency, affiliate: r.affiliate, frontOrders: Number(r.front_orders), bump: Number(r.bump), upsell: Number(r.upsell) })), days };
}

export const affiliateCountOf = (r: AffiliateCountRecord): FactAffiliateCount => ({ currency: r.currency, affiliate: r.affiliate, sales: Number(r.sales) });

/** What a page of a table is cut by, whatever the table. */
export type PageRequest = Pick<FactPageRequest, "page" | "pageSize" | "dir">;

/** Where a page starts and how it is read: from the nearer end of the order. */
export function pageSlice(total: number, request: PageRequest): { page: number; offset: number; limit: number; dir: "asc" | "desc"; reversed: boolean } {
  const size = Math.max(1, request.pageSize);
  const pages = Math.max(1, Math.ceil(total / size));
  const page = Math.min(Math.max(1, request.page), pages);
  const start = (page - 1) * size;
  const end = Math.min(total, start + size);
  const limit = Math.max(0, end - start);
  if (start <= total - end) return { page, offset: start, limit, dir: request.dir, reversed: false };
  return { page, offset: total - end, limit, dir: request.dir === "asc" ? "desc" : "asc", reversed: true };
}

/**
 * A page of a table on an asynchronous back-end (PostgreSQL, DuckDB): the count of its rows, then
 * the slice of them in order; `read` runs a statement, both within one snapshot of the caller's.
 * `counted`: the count from elsewhere in that snapshot (PostgreSQL's days' marks), null where it
 * cannot say, then counted from the rows.
 */
export async function readPage<Request extends PageRequest, Row extends object, Item>(
  queries: FactPageQueries<Request, Row, Item>,
  dialect: FactDialect,
  table: string,
  account: string,
  request: Request,
  read: <T extends object>(statement: Statement) => Promise<T[]>,
  counted?: () => Promise<number | null>,
): Promise<{ total: number; page: number; items: Item[] }> {
  const total = (await counted?.()) ?? Number((await read<{ n: Numeric }>(queries.count(dialect, table, account, request)))[0]?.n ?? 0);
  const slice = pageSlice(total, request);
  if (slice.limit === 0) return { total, page: slice.page, items: [] };
  return { total, page: slice.page, items: queries.itemsOf(await read<Row>(queries.page(dialect, table, account, request, slice.dir, slice.offset, slice.limit)), slice.reversed) };
}

type PageRecord = { purchase_id: Numeric; day: string; seq: Numeric };

export const pageItemsOf = (rows: readonly PageRecord[], reversed: boolean): FactPageItem[] => {
  const items = rows.map((r) => ({ purchaseId: Number(r.purchase_id), day: r.day, seq: Number(r.seq) }));
  return reversed ? items.reverse() : items;
};

/** How a table's page is read on either back-end (the stores' `page`): its count, a slice of its rows in order, and the items of those rows. */
export interface FactPageQueries<Request, Row, Item> {
  count: (dialect: FactDialect, table: string, account: string, request: Request) => Statement;
  page: (dialect: FactDialect, table: string, account: string, request: Request, dir: "asc" | "desc", offset: number, limit: number) => Statement;
  itemsOf: (rows: readonly Row[], reversed: boolean) => Item[];
}

/** The rows of some ids within a plan (the stores' ofIds). */
export type IdsStatement<Plan> = (dialect: FactDialect, table: string, account: string, plan: Plan, ids: readonly number[]) => Statement;

export const PURCHASE_PAGE: FactPageQueries<FactPageRequest, PageRecord, FactPageItem> = { count: pageCountStatement, page: pageStatement, itemsOf: pageItemsOf };

export type Numeric = number | string | bigint;
type BucketRecord = { currency: string; bucket: Numeric; purchases: Numeric } & Record<string, Numeric>;
type OrderRecord = { currency: string; orders: Numeric; front_orders: Numeric; bump: Numeric; upsell: Numeric; downsell: Numeric };

// PostgreSQL answers COUNT and SUM over BIGINT as text (it will not round): cents fit a number exactly.
export const bucketGroupOf = (r: BucketRecord): FactBucketGroup => ({
  currency: r.currency,
  bucket: Number(r.bucket),
  purchases: Number(r.purchases),
  sums: SUM_COLUMNS.map((_, i) => Number(r[`s${i}`] ?? 0)),
});

export const orderGroupOf = (r: OrderRecord): FactOrderGroup => ({
  currency: r.currency,
  orders: Number(r.orders),
  frontOrders: Number(r.front_orders),
  bump: Number(r.bump),
  upsell: Number(r.upsell),
  downsell: Number(r.downsell),
});

type SlotRecord = { currency: string; slot: Numeric } & Record<string, Numeric>;
type DimRecord = { currency: string; purchases: Numeric; t: Numeric; a: Numeric } & Record<string, string | Numeric>;
type LabelRecord = { currency: string; offer: string; offer_name: string | null };
type FundRecord = { currency: string; kind: Numeric; slot: Numeric; creator_net: Numeric; affiliation_net: Numeric; purchases: Numeric };

/** Each dimension's groups from the groups of all dimensions at once. */
function rollUp(rows: readonly DimRecord[]): FactSummaryGroups["dims"] {
  const cells = new Map<string, FactSummaryGroups["dims"][number]>();
  for (const r of rows) {
    const purchases = Number(r.purchases);
    const transaction = Number(r.t);
    const affiliation = Number(r.a);
    FACT_DIMENSIONS.forEach((d, dimension) => {
      const key = String(r[DIMENSION_COLUMN[d]]);
      const id = `${r.currency}\n${dimension}\n${key}`;
      const cell = cells.get(id);
      if (cell) {
        cell.purchases += purchases;
        cell.transaction += transaction;
        cell.affiliation += affiliation;
      } else cells.set(id, { currency: r.currency, dimension, key, purchases, transaction, affiliation });
    });
  }
  return [...cells.values()];
}

export function summaryGroupsOf(rows: { slots: SlotRecord[]; dims: DimRecord[]; labels: LabelRecord[]; funds: FundRecord[] }, orders: FactOrderGroup[]): FactSummaryGroups {
  return {
    slots: rows.slots.map((r) => ({ currency: r.currency, slot: Number(r.slot), purchases: Number(r.purchases), sums: SUM_COLUMNS.map((_, i) => Number(r[`s${i}`] ?? 0)) })),
    dims: rollUp(rows.dims),
    labels: rows.labels.map((r) => ({ currency: r.currency, offer: r.offer, label: r.offer_name })),
    funds: rows.funds.map((r) => ({ currency: r.currency, kind: Number(r.kind), slot: Number(r.slot), creatorNet: Number(r.creator_net), affiliationNet: Number(r.affiliation_net), purchases: Number(r.purchases) })),
    orders,
  };
}

export type { AffiliateCountRecord, AffiliateOrderRecord, AffiliateSumRecord };
export type { BucketRecord, DimRecord, FundRecord, LabelRecord, OrderRecord, PageRecord, SlotRecord };
