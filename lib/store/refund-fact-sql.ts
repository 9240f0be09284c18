// The Refunds report's statements over the purchases fact table, one text for SQLite and
// PostgreSQL (purchase-fact-sql.ts's dialects): what lib/analytics/refund-kpis.ts's
// saleDatedRefundKpis and the refund breakdowns read of a period's purchases, summed here
// instead of over every purchase record.
import { createdDay, DIMENSION_COLUMN, firstNames, forDialect, idRows, rangeRows, summedOverDays, type FactDialect, type Numeric } from "./purchase-fact-sql";
import type { FactDimension, FactRefundGroups, FactSale, PurchaseFactPlan } from "./purchase-fact-store";
import type { ColumnBatch } from "./async-purchase-fact-store";
import { gatheredColumns } from "./gathered-columns";
import { emptySaleColumns, type FactSaleColumns } from "./fact-sale-columns";

interface Statement { text: string; args: unknown[] }

/** The breakdowns of refunded purchases (refunds-report.ts), in the order the report lists them. */
export const REFUND_DIMENSIONS = ["product", "offer", "purchaseType", "paymentMethod", "psp"] as const satisfies readonly FactDimension[];

// A refund below a cent is none: the records path counts refunded cents above zero too.
const refundedOf = (r: string) => `${r}.refunded_cents > 0`;

/** What the Refunds report sums of a group of rows `r` besides their count and transaction cents: the refunded ones, full or partial, their refunded and commission_lost cents (RefundSumRecord's). */
export const refundSums = (r: string): string => {
  const refunded = refundedOf(r);
  return `SUM(CASE WHEN ${refunded} THEN 1 ELSE 0 END) AS refunds,
      SUM(CASE WHEN ${refunded} AND ${r}.refunded_cents >= ${r}.transaction_cents THEN 1 ELSE 0 END) AS full_refunds,
      SUM(CASE WHEN ${refunded} AND ${r}.refunded_cents < ${r}.transaction_cents THEN 1 ELSE 0 END) AS partial_refunds,
      SUM(CASE WHEN ${refunded} THEN ${r}.refunded_cents ELSE 0 END) AS refunded,
      SUM(CASE WHEN ${refunded} THEN ${r}.commission_lost_cents ELSE 0 END) AS lost`;
};
// The same, inside the range's rows: the partial index of refunded rows answers it (0013).
export const REFUNDED_ROW = "f.refunded_cents > 0";

/**
 * - sums: per currency, the sales and their transaction cents; the refunded ones, full (refunded
 *   at least the transaction) or partial, their refunded cents and commission_lost cents. A
 *   refunded sale's commission_lost_cents is refundedShareCents of its commission, which
 *   saleLossCents without a dispute caps at the commission: never past it, so the sum is theirs;
 * - cells: the refunded sales by every refund dimension at once, rolled up per dimension when read;
 * - labels: each offer's first name among the refunded sales in the records' order.
 * The sums are grouped by UTC day of createdAt too (`d`), summed per currency when read: the days
 * holding a row come with them, from the same read of the range's rows (a second read of two years
 * took 0.3 s on PostgreSQL at scale 20, docs/benchmarks.md). `onDays` (PostgreSQL's,
 * postgres/day-tallies.ts): of those days' rows only.
 */
export function refundStatements(dialect: FactDialect, table: string, account: string, plan: PurchaseFactPlan, onDays?: readonly string[]): Record<"sums" | "cells" | "labels", Statement> {
  const rows = (args: unknown[], columns: string, only?: string) => {
    const text = rangeRows(dialect, plan, table, account, args, columns, [only, onDays && "f.day = ANY(?::text[])"].filter(Boolean).join(" AND ") || undefined);
    if (onDays) args.push(onDays);
    return text;
  };
  const sumArgs: unknown[] = [];
  const sums = `SELECT r.currency, ${createdDay("r")} AS d, COUNT(*) AS sales, SUM(r.transaction_cents) AS t, ${refundSums("r")} FROM ${rows(sumArgs, "f.created_at, f.transaction_cents, f.refunded_cents, f.commission_lost_cents")} GROUP BY 1, 2`;
  const cellArgs: unknown[] = [];
  const keys = REFUND_CELL_KEYS.map((k) => `r.${k}`).join(", ");
  const cells = `SELECT r.currency, ${keys}, COUNT(*) AS sales, SUM(r.refunded_cents) AS refunded, SUM(r.commission_lost_cents) AS lost
    FROM ${rows(cellArgs, `${REFUND_CELL_KEYS.map((k) => `f.${k}`).join(", ")}, f.refunded_cents, f.commission_lost_cents`, REFUNDED_ROW)}
    GROUP BY r.currency, ${keys}`;
  const labelArgs: unknown[] = [];
  const labels = firstNames(dialect, ["currency", "offer"], rows(labelArgs, "f.offer, f.offer_name, f.day, f.seq", REFUNDED_ROW));
  return {
    sums: forDialect(dialect, { text: sums, args: sumArgs }),
    cells: forDialect(dialect, { text: cells, args: cellArgs }),
    labels: forDialect(dialect, { text: labels, args: labelArgs }),
  };
}

/** The columns a refund cell is keyed by after its currency: REFUND_DIMENSIONS'. */
export const REFUND_CELL_KEYS = REFUND_DIMENSIONS.map((d) => DIMENSION_COLUMN[d]);

/** The rows of the plan's range after its filters whose purchase id is one of `ids`, in the records' order (newest day first), looked up by id (idRows). */
export function salesOfStatement(dialect: FactDialect, table: string, account: string, plan: PurchaseFactPlan, ids: readonly number[]): Statement {
  const args: unknown[] = [];
  const rows = idRows(dialect, plan, table, account, ids, args, "f.purchase_id, f.transaction_cents, f.affiliation_cents, f.refunded_cents, f.day, f.seq");
  // DuckDB's numbers as DOUBLEs (exact: ids and cents are far below 2^53), read a column at a time (saleColumnsOfBatches).
  const number = (column: string) => (dialect === "duckdb" ? `r.${column}::DOUBLE AS ${column}` : `r.${column}`);
  // PostgreSQL's with each row's place: merged with the days' kept sales by it (postgres/day-tallies.ts's salesOfTallies).
  const place = dialect === "postgres" ? ", r.day, r.seq" : "";
  return forDialect(dialect, { text: `SELECT ${number("purchase_id")}, r.currency, ${["transaction_cents", "affiliation_cents", "refunded_cents"].map(number).join(", ")}${place} FROM ${rows} ORDER BY r.day DESC, r.seq`, args });
}

/** salesOfStatement's rows, read by DuckDB a column at a time, as columns. */
export async function saleColumnsOfBatches(batches: AsyncIterable<ColumnBatch>): Promise<FactSaleColumns> {
  const { columns: [purchaseId, currencies, transaction, affiliation, refunded], rowCount } = await gatheredColumns(batches, 5);
  const { columns, placeOf } = emptySaleColumns(rowCount);
  columns.purchaseId.set(purchaseId as Float64Array);
  for (let i = 0; i < rowCount; i++) columns.currency[i] = placeOf((currencies as string[])[i]!);
  columns.transaction.set(transaction as Float64Array);
  columns.affiliation.set(affiliation as Float64Array);
  columns.refunded.set(refunded as Float64Array);
  return columns;
}

export type RefundSumRecord = { currency: string; d: Numeric; sales: Numeric; t: Numeric; refunds: Numeric; full_refunds: Numeric; partial_refunds: Numeric; refunded: Numeric; lost: Numeric };
export type RefundCellRecord = { currency: string; sales: Numeric; refunded: Numeric; lost: Numeric } & Record<string, string | Numeric>;
export type RefundLabelRecord = { currency: string; offer: string; offer_name: string | null };
export type SaleRecord = { purchase_id: Numeric; currency: string; transaction_cents: Numeric; affiliation_cents: Numeric; refunded_cents: Numeric; day?: string; seq?: Numeric };

export function refundGroupsOf(rows: { sums: readonly RefundSumRecord[]; cells: readonly RefundCellRecord[]; labels: readonly RefundLabelRecord[] }): FactRefundGroups {
  const cells = new Map<string, FactRefundGroups["cells"][number]>();
  for (const r of rows.cells) {
    for (const dimension of REFUND_DIMENSIONS) {
      const key = String(r[DIMENSION_COLUMN[dimension]]);
      const id = `${r.currency}\n${dimension}\n${key}`;
      const cell = cells.get(id) ?? cells.set(id, { currency: r.currency, dimension, key, sales: 0, refunded: 0, commissionLost: 0 }).get(id)!;
      cell.sales += Number(r.sales);
      cell.refunded += Number(r.refunded);
      cell.commissionLost += Number(r.lost);
    }
  }
  // Each currency's sums over its days, in the order its first row came, and the days holding a row.
  const { sums, days } = summedOverDays(
    rows.sums,
    (r) => r.currency,
    (r) => ({ currency: r.currency, sales: 0, transaction: 0, refunds: 0, full: 0, partial: 0, refunded: 0, commissionLost: 0 }),
    (sum, r) => {
      sum.sales += Number(r.sales);
      sum.transaction += Number(r.t);
      sum.refunds += Number(r.refunds);
      sum.full += Number(r.full_refunds);
      sum.partial += Number(r.partial_refunds);
      sum.refunded += Number(r.refunded);
      sum.commissionLost += Number(r.lost);
    },
  );
  return {
    sums,
    cells: [...cells.values()],
    labels: rows.labels.map((r) => ({ currency: r.currency, offer: r.offer, label: r.offer_name })),
    days,
  };
}

export const saleOf = (r: SaleRecord): FactSale => ({ purchaseId: Number(r.purchase_id), currency: r.currency, transaction: Number(r.transaction_cents), affiliation: Number(r.affiliation_cents), refunded: Number(r.refunded_cents) });
