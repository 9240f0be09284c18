// The orders fact table's SQL, one text for both back-ends (SQLite and PostgreSQL), built as the
// purchases' is (purchase-fact-sql.ts, whose currency placement and day range it shares). The
// behaviour suite holds the two back-ends to one answer.
import { DELIVERY_DAY_BUCKETS } from "@/lib/records/delivery-days";
import { DAY_MS } from "@/lib/calendar";
import { NONE } from "@/lib/records/keys";
import { bucketedRows, currencyExpression, days, firstNames, forDialect, idList, nameMark, type FactDialect, type FactPageQueries } from "./purchase-fact-sql";
import {
  ORDER_FACT_DIMENSIONS, type DeliveryGroup, type DeliveryOrder, type OrderFactChoices, type OrderFactDimension, type OrderFactGroups, type OrderFactPlan, type OrderFactRow, type OrderPageItem, type OrderPageRequest, type OrderSortColumn,
} from "./order-fact-store";

export const ORDER_DIMENSION_COLUMN: Record<OrderFactDimension, string> = {
  product: "product",
  offer: "offer",
  method: "payment_method",
  psp: "psp",
  brand: "card_brand",
  country: "country",
};

/** The row's columns after (account, day, seq), in insertion order. */
export const ORDER_ROW_COLUMNS = [
  "order_id", "created_at", "record_day", "currency", "currency_offer", "offer_name",
  ...ORDER_FACT_DIMENSIONS.map((d) => ORDER_DIMENSION_COLUMN[d]),
  "amount_cents", "milestone", "carrier", "supplier", "completed_at", "delivered_at", "ordered_at",
  // The orders table's sort values the columns above lack (OrderTableKeys).
  "order_created_at", "sort_amount",
];

export function orderRowValues(row: OrderFactRow): Array<string | number | null> {
  return [
    row.orderId, row.createdAt, row.recordDay, row.currency, row.currencyOffer, row.offerName,
    ...ORDER_FACT_DIMENSIONS.map((d) => row.dims[d]),
    row.amountCents, row.milestone, row.carrier, row.supplier, row.completedAt, row.deliveredAt, row.orderedAt,
    row.table.createdAt, row.table.amount,
  ];
}

interface Statement { text: string; args: unknown[] }

/**
 * The report's filters as lib/reports/server/record-filters compares them: "none" keeps a
 * record without the field, or with null or "" in it, and a value literally named "none". The
 * carts fact table's filters are the same, on columns of the same names (cart-fact-sql.ts).
 */
export function filterConditions(plan: Pick<OrderFactPlan, "filters">, args: unknown[]): string {
  const parts: string[] = [];
  for (const d of ORDER_FACT_DIMENSIONS) {
    const accepted = plan.filters[d];
    if (!accepted || accepted.length === 0) continue;
    const column = `f.${ORDER_DIMENSION_COLUMN[d]}`;
    // An empty value is "none"'s: as a wanted value on its own it names nothing.
    const none = accepted.includes(NONE);
    const values = [...accepted.filter((v) => v !== ""), ...(none ? [""] : [])];
    args.push(...values);
    const listed = values.length > 0 ? `${column} IN (${values.map(() => "?").join(", ")})` : "1 = 0";
    parts.push(none ? ` AND (${listed} OR ${column} IS NULL)` : ` AND ${listed}`);
  }
  return parts.join("");
}

/** The rows of the plan's whole range, with their currency placed; after its filters unless `unfiltered`; `only`: a further condition on the row `f`. */
function rangeRows(dialect: FactDialect, table: string, account: string, plan: OrderFactPlan, args: unknown[], columns: string, unfiltered = false, only?: string): string {
  const currency = currencyExpression(plan, args);
  args.push(account, plan.days.from, plan.days.to, plan.bucketStarts[0] ?? plan.endMs, plan.endMs);
  const filters = unfiltered ? "" : filterConditions(plan, args);
  return `(SELECT ${currency} AS currency, ${columns} FROM ${table} f WHERE f.account = ? AND ${days(dialect)} AND f.created_at >= ? AND f.created_at < ?${filters}${only ? ` AND ${only}` : ""}) r`;
}

/** Orders and cents per currency, local bucket and record day: the range join of the buckets' instants with the rows. */
export function orderBucketStatement(dialect: FactDialect, table: string, account: string, plan: OrderFactPlan): Statement {
  const { args, currency, bucket, from, where } = bucketedRows(dialect, table, account, plan, filterConditions);
  // The records' own days ride along (a few per bucket): the comparison's data days, without another read.
  const text = `SELECT ${currency} AS currency, ${bucket} AS bucket, f.record_day, COUNT(*) AS orders, SUM(f.amount_cents) AS cents FROM ${from}
    WHERE ${where}
    GROUP BY 1, 2, 3`;
  return forDialect(dialect, { text, args });
}

/**
 * Fulfilment's fields of the filtered orders, grouped (an order without a milestone counts only as
 * one without shipping). The rows are grouped by their own columns first, and the currency placed
 * and the fields read over those groups: PostgreSQL knows how many groups plain columns make
 * (migration 0029's statistics) and hashes them in parallel workers, where grouped by the
 * currency's expression it guessed a group a row and sorted the rows to files (two years at scale
 * 20: 0.6-0.8 s → 0.2-0.3 s, docs/benchmarks.md).
 */
export function fulfilmentStatement(dialect: FactDialect, table: string, account: string, plan: OrderFactPlan): Statement {
  const args: unknown[] = [];
  const currency = currencyExpression(plan, args);
  // Migration 0029's statistics name these columns and this expression.
  const groups = `SELECT f.currency, f.currency_offer, f.milestone, f.carrier, f.supplier, f.delivered_at - f.completed_at AS delivery_ms, COUNT(*) AS orders
      ${tableRows(dialect, table, account, plan, args)} GROUP BY 1, 2, 3, 4, 5, 6`;
  const shipped = (column: string) => `CASE WHEN f.milestone = '' THEN '' ELSE f.${column} END`;
  return forDialect(dialect, {
    text: `SELECT ${currency} AS currency, f.milestone, ${shipped("carrier")} AS carrier, ${shipped("supplier")} AS supplier,
      CASE WHEN f.milestone = '' THEN NULL ELSE f.delivery_ms END AS delivery_ms, SUM(f.orders) AS orders
      FROM (${groups}) f GROUP BY 1, 2, 3, 4, 5`,
    args,
  });
}

/**
 * The unfiltered range's choices and currencies in two reads: the rows grouped by every filter's
 * value, the currency and its offer (a few thousand groups at most), from which the filter
 * choices, the offers' products and the currencies are read; and each offer's first name.
 */
export function choiceStatements(dialect: FactDialect, table: string, account: string, plan: OrderFactPlan, onDays?: readonly string[]): { groups: Statement; labels: Statement } {
  // onDays (PostgreSQL's, postgres/order-day-choices.ts): of those days' rows only.
  const of = (columns: string, text: (rows: string) => string): Statement => {
    const args: unknown[] = [];
    const rows = rangeRows(dialect, table, account, plan, args, columns, true, onDays && "f.day = ANY(?::text[])");
    if (onDays) args.push(onDays);
    return forDialect(dialect, { text: text(rows), args });
  };
  const groups = of(`${CHOICE_DIMENSIONS.map((c) => `f.${c}`).join(", ")}, f.currency AS own, f.currency_offer`, (rows) => `SELECT ${CHOICE_KEYS.map((c) => `r.${c}`).join(", ")}, COUNT(*) AS orders FROM ${rows} GROUP BY ${CHOICE_KEYS.map((_, i) => i + 1).join(", ")}`);
  const labels = of(`${CHOICE_CODE} AS code, f.offer_name, f.day, f.seq`, (rows) => firstNames(dialect, ["code"], rows));
  return { groups, labels };
}

/** PostgreSQL's: the label marks (code, m: nameMark) of the plan's unfiltered rows on `onDays`, its arguments pushed onto `args` (postgres/order-day-choices.ts merges them with kept ones). */
export function choiceLabelMarks(table: string, account: string, plan: OrderFactPlan, args: unknown[], onDays: readonly string[]): string {
  const rows = rangeRows("postgres", table, account, plan, args, `${CHOICE_CODE} AS code, f.offer_name, f.day, f.seq`, true, "f.day = ANY(?::text[])");
  args.push(onDays);
  return `SELECT r.code, ${nameMark("postgres", "r")} AS m FROM ${rows}`;
}

const CHOICE_DIMENSIONS = ORDER_FACT_DIMENSIONS.map((d) => ORDER_DIMENSION_COLUMN[d]);
/** What choiceStatements' groups are keyed by: every filter's column, the row's own currency and its offer's. */
export const CHOICE_KEYS = [...CHOICE_DIMENSIONS, "own", "currency_offer"];
/** An offer's choice code as lib/analytics/offer-choices gives it: the code, "none" when empty (a row `f`'s). */
export const CHOICE_CODE = `CASE WHEN COALESCE(f.offer, '') = '' THEN '${NONE}' ELSE f.offer END`;

/** The orders table's sort values (orderRowsPage's): product and country read null as "", as the table does. */
const SORT_COLUMN: Record<OrderSortColumn, string> = {
  createdAt: "f.order_created_at",
  amount: "f.sort_amount",
  product: "COALESCE(f.product, '')",
  milestone: "f.milestone",
  country: "COALESCE(f.country, '')",
};

/** The table's rows of a plan's range, after its filters (the Orders report's: raw values); `joins`: joined to each row `f` (their arguments pushed before). */
function tableRows(dialect: FactDialect, table: string, account: string, plan: OrderFactPlan, args: unknown[], joins = ""): string {
  args.push(account, plan.days.from, plan.days.to, plan.bucketStarts[0] ?? plan.endMs, plan.endMs);
  return `FROM ${table} f${joins} WHERE f.account = ? AND ${days(dialect)} AND f.created_at >= ? AND f.created_at < ?${filterConditions(plan, args)}`;
}

/** Order ids as one parameter, for `IN`. */
const idSet = (dialect: FactDialect, ids: readonly number[], args: unknown[]): string => `(SELECT j.value FROM ${idList(dialect, ids, args)})`;

/**
 * The whole days from order to delivery as lib/analytics/delivery-refunds.ts buckets them
 * (deliveryDaysId of daysToDelivery: floored, at least 0, "notDelivered" without both instants):
 * compared as millisecond bounds, so no dialect's integer division is needed.
 */
function deliveryBucket(): string {
  const whens = DELIVERY_DAY_BUCKETS.filter((b) => b.to !== null).map((b) => `WHEN f.delivered_at - f.ordered_at < ${(b.to! + 1) * DAY_MS} THEN '${b.id}'`);
  const last = DELIVERY_DAY_BUCKETS.find((b) => b.to === null)!.id;
  return `CASE WHEN f.delivered_at IS NULL OR f.ordered_at IS NULL THEN 'notDelivered' ${whens.join(" ")} ELSE '${last}' END`;
}

/**
 * The physical orders (milestone not "") of a plan's range after its filters, counted per
 * milestone, carrier, days-to-delivery bucket and whether a refund / a chargeback names them
 * (`refunded`, `chargedBack`: order ids): the Refunds report's delivery rates, grouped where the
 * rows are (700 k orders at scale 20 were copied out to be grouped in JavaScript); and, in the same
 * read, the refunded ones themselves (deliveryOrdersStatement's rows): each a group of its own, by
 * its place (day, seq), its columns the group's only values. One read of the range and of the id
 * lists where two statements took two (two years at scale 20 on PostgreSQL: 1.0 and 0.8 s side by
 * side, docs/benchmarks.md). Read apart by deliveryPanelsOf.
 */
export function deliveryPanelsStatement(dialect: FactDialect, table: string, account: string, plan: OrderFactPlan, refunded: readonly number[], chargedBack: readonly number[]): Statement {
  const args: unknown[] = [];
  // Joined, each list read once: as `IN` in the columns, PostgreSQL pulled the subquery up and
  // looked each row up again for every column naming it. Each id once, so that no row is joined twice.
  const joined = (ids: readonly number[], alias: string) => ` LEFT JOIN ${idList(dialect, [...new Set(ids)], args, alias)} ON ${alias}.value = f.order_id`;
  const joins = joined(refunded, "rj") + joined(chargedBack, "cj");
  const rows = tableRows(dialect, table, account, plan, args, joins);
  const own = (column: string) => `CASE WHEN g.refunded = 1 THEN g.${column} END`;
  const text = `SELECT g.milestone, g.carrier, g.bucket, g.refunded, g.charged_back, COUNT(*) AS orders,
      MIN(${own("order_id")}) AS order_id, MIN(${own("supplier")}) AS supplier, MIN(${own("ordered_at")}) AS ordered_at, MIN(${own("delivered_at")}) AS delivered_at
    FROM (SELECT f.day, f.seq, f.order_id, f.milestone, f.carrier, f.supplier, f.ordered_at, f.delivered_at, ${deliveryBucket()} AS bucket,
        CASE WHEN rj.value IS NULL THEN 0 ELSE 1 END AS refunded, CASE WHEN cj.value IS NULL THEN 0 ELSE 1 END AS charged_back
      ${rows} AND f.milestone <> '') g
    GROUP BY g.milestone, g.carrier, g.bucket, g.refunded, g.charged_back, ${own("day")}, ${own("seq")}`;
  return forDialect(dialect, { text, args });
}

export type DeliveryPanelRecord = { milestone: string; carrier: string; bucket: string; refunded: Numeric; charged_back: Numeric; orders: Numeric } & Pick<DeliveryOrderRecord, "order_id" | "supplier" | "ordered_at" | "delivered_at">;

/** deliveryPanelsStatement's rows read apart: the groups, one per key (a refunded order's own group added to its key's), and the refunded orders. */
export function deliveryPanelsOf(records: readonly DeliveryPanelRecord[]): { groups: DeliveryGroup[]; named: DeliveryOrder[] } {
  const groups = new Map<string, DeliveryGroup>();
  const named: DeliveryOrder[] = [];
  for (const r of records) {
    const refunded = Number(r.refunded) === 1;
    const chargedBack = Number(r.charged_back) === 1;
    const key = JSON.stringify([r.milestone, r.carrier, r.bucket, refunded, chargedBack]);
    const group = groups.get(key) ?? groups.set(key, { milestone: r.milestone, carrier: r.carrier, bucket: r.bucket as DeliveryGroup["bucket"], refunded, chargedBack, orders: 0 }).get(key)!;
    group.orders += Number(r.orders);
    if (refunded) named.push(deliveryOrderOfRecord(r));
  }
  return { groups: [...groups.values()], named };
}

/** The physical orders of a plan's range, after its filters, whose id is one of `ids`: the orders the Refunds report's refunds name. */
export function deliveryOrdersStatement(dialect: FactDialect, table: string, account: string, plan: OrderFactPlan, ids: readonly number[]): Statement {
  const args: unknown[] = [];
  const rows = tableRows(dialect, table, account, plan, args);
  const named = idSet(dialect, ids, args);
  return forDialect(dialect, { text: `SELECT f.order_id, f.milestone, f.carrier, f.supplier, f.ordered_at, f.delivered_at ${rows} AND f.milestone <> '' AND f.order_id IN ${named}`, args });
}

export type DeliveryOrderRecord = Record<"order_id" | "milestone" | "carrier" | "supplier" | "ordered_at" | "delivered_at", string | number | null>;

const numOrNull = (v: string | number | null) => (v === null ? null : Number(v));

export const deliveryOrderOfRecord = (r: DeliveryOrderRecord): DeliveryOrder => ({
  orderId: Number(r.order_id),
  milestone: String(r.milestone),
  carrier: String(r.carrier),
  supplier: String(r.supplier),
  orderedAt: numOrNull(r.ordered_at),
  deliveredAt: numOrNull(r.delivered_at),
});

/** How many rows a page request's range and filters hold. */
export function orderPageCountStatement(dialect: FactDialect, table: string, account: string, request: OrderPageRequest): Statement {
  const args: unknown[] = [];
  return forDialect(dialect, { text: `SELECT COUNT(*) AS n ${tableRows(dialect, table, account, request.plan, args)}`, args });
}

/**
 * `limit` rows from `offset` in the table's order: the sort value, then the order id in the same
 * direction (table-page.ts's sortedOrder), then the row's place (a total order, so that a page
 * read from the other end is the same rows). Texts compare by code point (SQLite's BINARY,
 * PostgreSQL's "C"), as JavaScript's < does short of characters past U+FFFF; the amount is the
 * record's number, as the table compares it. Cost: as the purchases' pageStatement (a top-N
 * sort of the range's rows after the filters; a page past the middle is read from the other end).
 */
export function orderPageStatement(dialect: FactDialect, table: string, account: string, request: OrderPageRequest, dir: "asc" | "desc", offset: number, limit: number): Statement {
  const args: unknown[] = [];
  const from = tableRows(dialect, table, account, request.plan, args);
  const order = [SORT_COLUMN[request.sort], "f.order_id", "f.day", "f.seq"].map((c) => `${c} ${dir.toUpperCase()}`).join(", ");
  args.push(limit, offset);
  return forDialect(dialect, { text: `SELECT f.order_id, f.day, f.seq ${from} ORDER BY ${order} LIMIT ? OFFSET ?`, args });
}

/** Which of `ids` are rows of the plan's range after its filters, and where each lives: what the reveal action may answer for. */
export function locateOrdersStatement(dialect: FactDialect, table: string, account: string, plan: OrderFactPlan, ids: readonly number[]): Statement {
  const args: unknown[] = [];
  const from = tableRows(dialect, table, account, plan, args);
  args.push(...ids);
  return forDialect(dialect, { text: `SELECT f.order_id, f.day, f.seq ${from} AND f.order_id IN (${ids.map(() => "?").join(", ")}) ORDER BY f.day, f.seq`, args });
}

export type OrderPageRecord = { order_id: Numeric; day: string; seq: Numeric };

export const orderPageItemsOf = (rows: readonly OrderPageRecord[], reversed: boolean): OrderPageItem[] => {
  const items = rows.map((r) => ({ orderId: Number(r.order_id), day: r.day, seq: Number(r.seq) }));
  return reversed ? items.reverse() : items;
};

export const ORDER_PAGE: FactPageQueries<OrderPageRequest, OrderPageRecord, OrderPageItem> = { count: orderPageCountStatement, page: orderPageStatement, itemsOf: orderPageItemsOf };

type Numeric = number | string | bigint;
export type OrderBucketRecord = { currency: string; bucket: Numeric; record_day: string; orders: Numeric; cents: Numeric };
export type FulfilmentRecord = { currency: string; milestone: string; carrier: string; supplier: string; delivery_ms: Numeric | null; orders: Numeric };
export type ChoiceGroupRecord = Record<string, string | null> & { own: string; currency_offer: string; orders: Numeric };
export interface ChoiceRecords {
  groups: ChoiceGroupRecord[];
  labels: Array<{ code: string; offer_name: string | null }>;
}

// PostgreSQL answers COUNT and SUM over BIGINT as text (it will not round): cents fit a number exactly.
export function orderGroupsOf(buckets: OrderBucketRecord[], fulfilment: FulfilmentRecord[]): OrderFactGroups {
  const cells = new Map<string, OrderFactGroups["buckets"][number]>();
  const days = new Set<string>();
  for (const r of buckets) {
    days.add(r.record_day);
    const id = `${r.currency}\n${r.bucket}`;
    const cell = cells.get(id);
    if (cell) {
      cell.orders += Number(r.orders);
      cell.cents += Number(r.cents);
    } else cells.set(id, { currency: r.currency, bucket: Number(r.bucket), orders: Number(r.orders), cents: Number(r.cents) });
  }
  return {
    buckets: [...cells.values()],
    fulfilment: fulfilment.map((r) => ({ currency: r.currency, milestone: r.milestone, carrier: r.carrier, supplier: r.supplier, deliveryMs: r.delivery_ms === null ? null : Number(r.delivery_ms), orders: Number(r.orders) })),
    days: [...days],
  };
}

export function orderChoicesOf(r: ChoiceRecords): OrderFactChoices {
  const values = new Map<string, { dimension: number; value: string }>();
  const offerProducts = new Map<string, { offer: string | null; product: string | null }>();
  const currencies = new Map<string, { offer: string; currency: string }>();
  const missing = new Map<string, number>();
  for (const g of r.groups) {
    ORDER_FACT_DIMENSIONS.forEach((d, dimension) => {
      const value = g[ORDER_DIMENSION_COLUMN[d]];
      if (value !== null && value !== undefined) values.set(`${dimension}\n${value}`, { dimension, value });
    });
    const offer = g.offer ?? null;
    const product = g.product ?? null;
    offerProducts.set(JSON.stringify([offer, product]), { offer, product });
    if (g.own !== "" && offer) currencies.set(JSON.stringify([offer, g.own]), { offer, currency: g.own });
    if (g.own === "") missing.set(g.currency_offer, (missing.get(g.currency_offer) ?? 0) + Number(g.orders));
  }
  return {
    values: [...values.values()],
    offerProducts: [...offerProducts.values()],
    labels: r.labels.map((l) => ({ code: l.code, label: l.offer_name })),
    currencies: [...currencies.values()],
    missing: [...missing].map(([offer, orders]) => ({ offer, orders })),
  };
}
