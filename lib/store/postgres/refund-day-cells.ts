import "server-only";

// The Refunds report's refunded sales kept with each purchases day's mark on PostgreSQL (migration
// 0026's refund_cells and refund_sales, of the fetch refund_at names): the day's refund cells and
// offer labels, and its refunded sales themselves, by the row's own currency and the offer a row
// without one is placed by, so that a reader places them by its own currency decision. Two years
// at scale 20: ~730 small texts instead of ~67 k refunded rows on most of the table's pages (the
// cells 1.4 s, the labels 0.5 s, docs/benchmarks.md). Which days are read from them and which from
// their rows is day-tallies.ts's refundGroupsOfTallies and salesOfTallies.
import { currencyExpression, forDialect, nameMark, namesOfMarks, placingOffer, rangeRows, type Statement } from "../purchase-fact-sql";
import type { PurchaseFactPlan } from "../purchase-fact-store";
import { REFUND_CELL_KEYS, REFUNDED_ROW } from "../refund-fact-sql";
import { keptElements } from "./kept-texts";

/**
 * The day's refunded sales as JSON text (migration 0026 holds the same for the days written before
 * it): `cells`, per own currency, placing offer (placingOffer) and REFUND_CELL_KEYS, the refunded
 * sales, their refunded and commission_lost cents (refundStatements' cells); `labels`, per own
 * currency, placing offer and offer, the greatest nameMark of its refunded sales (what
 * refundStatements' labels take the greatest of). `where`: the day's rows of `rows` as `f`.
 */
export function refundCellsOf(rows: string, where: string): string {
  const keys = REFUND_CELL_KEYS.map((k) => `f.${k}`).join(", ");
  const cellKeys = ["currency", "placing", ...REFUND_CELL_KEYS].map((k) => `g.${k}`).join(", ");
  return `(SELECT json_build_object(
      'cells', COALESCE((SELECT json_agg(json_build_array(${cellKeys}, g.sales, g.refunded, g.lost) ORDER BY ${cellKeys}) FROM (SELECT f.currency, ${placingOffer("f")} AS placing, ${keys},
          COUNT(*) AS sales, SUM(f.refunded_cents) AS refunded, SUM(f.commission_lost_cents) AS lost FROM ${rows} f WHERE ${where} AND ${REFUNDED_ROW} GROUP BY 1, 2, ${REFUND_CELL_KEYS.map((_, i) => i + 3).join(", ")}) g), '[]'::json),
      'labels', COALESCE((SELECT json_agg(json_build_array(l.currency, l.placing, l.offer, l.m) ORDER BY l.currency, l.placing, l.offer) FROM (SELECT f.currency, ${placingOffer("f")} AS placing, f.offer,
          MAX(${nameMark("postgres", "f")} COLLATE "C") AS m FROM ${rows} f WHERE ${where} AND ${REFUNDED_ROW} GROUP BY 1, 2, 3) l), '[]'::json))::text)`;
}

/**
 * The day's refunded sales themselves as JSON text (refund_sales, migration 0026 likewise), in
 * stored order: purchase id, own currency, placing offer, transaction, affiliation and refunded
 * cents, seq: what salesOfStatement answers of them, for the sales a Refunds report's records name
 * (most of them refunded: 67 k of the 72 k two years name at scale 20).
 */
export const refundSalesOf = (rows: string, where: string): string =>
  `(SELECT COALESCE(json_agg(json_build_array(f.purchase_id, f.currency, ${placingOffer("f")}, f.transaction_cents, f.affiliation_cents, f.refunded_cents, f.seq) ORDER BY f.seq), '[]'::json)::text
    FROM ${rows} f WHERE ${where} AND ${REFUNDED_ROW})`;

interface Tables { rows: string; days: string }

/** refundStatements' cells of the `whole` days (each with its kept text), their currency placed by the plan's decision. */
export function keptRefundCellsStatement(tables: Tables, account: string, plan: PurchaseFactPlan, whole: readonly string[]): Statement {
  const args: unknown[] = [];
  const placed = currencyExpression(plan, args);
  const keys = REFUND_CELL_KEYS.map((k) => `r.${k}`).join(", ");
  const text = `SELECT r.currency, ${keys}, SUM(r.sales) AS sales, SUM(r.refunded) AS refunded, SUM(r.lost) AS lost
    FROM (SELECT ${placed} AS currency, ${REFUND_CELL_KEYS.map((k) => `f.${k}`).join(", ")}, f.sales, f.refunded, f.lost
      FROM (SELECT x ->> 0 AS currency, x ->> 1 AS currency_offer, ${REFUND_CELL_KEYS.map((k, i) => `x ->> ${i + 2} AS ${k}`).join(", ")},
          ${["sales", "refunded", "lost"].map((k, i) => `(x ->> ${REFUND_CELL_KEYS.length + 2 + i})::bigint AS ${k}`).join(", ")}
        FROM ${keptElements(tables.days, "refund_cells", "cells", account, whole, args)}) f) r
    GROUP BY r.currency, ${keys}`;
  return forDialect("postgres", { text, args });
}

/** refundStatements' labels of the `whole` days' kept texts and the `edges` days' rows at once: the greatest mark of either is the offer's first name. */
export function keptRefundLabelsStatement(tables: Tables, account: string, plan: PurchaseFactPlan, whole: readonly string[], edges: readonly string[]): Statement {
  const args: unknown[] = [];
  const placed = currencyExpression(plan, args);
  let marks = `SELECT ${placed} AS currency, f.offer, f.m FROM (SELECT x ->> 0 AS currency, x ->> 1 AS currency_offer, x ->> 2 AS offer, x ->> 3 AS m FROM ${keptElements(tables.days, "refund_cells", "labels", account, whole, args)}) f`;
  if (edges.length > 0) {
    const rows = rangeRows("postgres", plan, tables.rows, account, args, "f.offer, f.offer_name, f.day, f.seq", `${REFUNDED_ROW} AND f.day = ANY(?::text[])`);
    args.push(edges);
    marks += ` UNION ALL SELECT r.currency, r.offer, ${nameMark("postgres", "r")} AS m FROM ${rows}`;
  }
  return forDialect("postgres", { text: namesOfMarks("postgres", ["currency", "offer"], `(${marks}) r`), args });
}

/** salesOfStatement's rows (with their day and seq) of the `whole` days' kept refunded sales whose id is one of `ids`, their currency placed by the plan's decision. */
export function keptSalesStatement(tables: Tables, account: string, plan: PurchaseFactPlan, whole: readonly string[], ids: readonly number[]): Statement {
  const args: unknown[] = [];
  const placed = currencyExpression(plan, args);
  const elements = keptElements(tables.days, "refund_sales", null, account, whole, args);
  args.push([...new Set(ids)]);
  const text = `SELECT f.purchase_id, ${placed} AS currency, f.transaction_cents, f.affiliation_cents, f.refunded_cents, f.day, f.seq
    FROM (SELECT (x ->> 0)::bigint AS purchase_id, x ->> 1 AS currency, x ->> 2 AS currency_offer, (x ->> 3)::bigint AS transaction_cents, (x ->> 4)::bigint AS affiliation_cents,
        (x ->> 5)::bigint AS refunded_cents, k.day, (x ->> 6)::integer AS seq
      FROM ${elements}) f
    WHERE f.purchase_id = ANY(?::bigint[])`;
  return forDialect("postgres", { text, args });
}
