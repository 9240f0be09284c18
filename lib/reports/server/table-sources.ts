import "server-only";

// The records behind each report table, kept as a snapshot with its sorted orders
// (table-snapshot.ts): the rows route handlers and the reveal action read the same ones, so a
// customer's details are answered only for a row of the session's account, range and filters.
import { cartCurrencyResolver } from "@/lib/analytics/abandonment-currency";
import type { ReportParams } from "@/lib/report-params/definitions";
import { RESOURCES, type AbandonedCart, type GenericRecord, type KeyType, type Order, type Purchase } from "@/lib/sales-api";
import { loadAbandonmentRecords } from "@/lib/reports/server/abandonment-records";
import { genericColumns, type GenericColumn } from "@/lib/reports/generic-columns";
import { loadOrders } from "@/lib/reports/server/orders-report";
import { loadLossRecords, loadRefundRecords } from "@/lib/reports/server/refunds-records";
import { loadRevenueRecords } from "@/lib/reports/server/revenue-records";
import { getTableSnapshot, type TableSnapshot } from "@/lib/reports/server/table-snapshot";
import type { OrderMemo } from "@/lib/reports/server/table-page";
import type { MirroredClient } from "@/lib/mirror/range-reader";

export type { TableName } from "@/lib/report-params/table-url-parsers";

export interface PurchasesData { records: Purchase[]; fallbackCurrency: string; keyType: KeyType }
export interface OrdersData { records: Order[] }
export interface CartsData { records: AbandonedCart[]; currencyOf: (cart: AbandonedCart) => string }
export interface GenericData { records: GenericRecord[] | null; columns: GenericColumn[]; idFields: readonly string[] }

type Load = { signal?: AbortSignal };

/** The snapshot's orders: sorted once per key and direction, then reused. */
export function memoOf(snapshot: TableSnapshot<unknown>): OrderMemo {
  return (orderKey, sort) => snapshot.cache.order(snapshot.key, snapshot.entry, orderKey, sort);
}

export function purchasesSnapshot(client: MirroredClient, keyType: KeyType, params: ReportParams, { signal }: Load = {}) {
  // The key type is in the table's name: what a purchase's amount means depends on it.
  return getTableSnapshot<PurchasesData>(client, `purchases:${keyType}`, params, async () => {
    const loaded = await loadRevenueRecords(client, { ...params, compare: "none" }, { signal });
    return { data: { records: loaded.current, fallbackCurrency: loaded.currency.currency, keyType }, rows: loaded.current.length, reports: loaded.reports };
  });
}

export function ordersSnapshot(client: MirroredClient, params: ReportParams, { signal }: Load = {}) {
  return getTableSnapshot<OrdersData>(client, "orders", params, async () => {
    const { orders, report } = await loadOrders(client, params, { signal });
    return { data: { records: orders }, rows: orders.length, reports: [report] };
  });
}

export function cartsSnapshot(client: MirroredClient, params: ReportParams, { signal }: Load = {}) {
  // An offer's currency comes from the purchases of the range (in the version) and the offers
  // catalog (cached per account for minutes): it changes how an amount reads, never the order.
  return getTableSnapshot<CartsData>(client, "carts", params, async () => {
    const data = await loadAbandonmentRecords(client, params, { signal });
    return { data: { records: data.carts, currencyOf: cartCurrencyResolver({ currencyOf: data.currencyOf }) }, rows: data.carts.length, reports: data.reports };
  });
}

export async function genericSnapshot(client: MirroredClient, kind: "refunds" | "chargebacks", params: ReportParams, { signal }: Load = {}) {
  return getTableSnapshot<GenericData>(client, kind, params, async () => {
    // Dated by request, the list is the records requested in the range: no sale of the range is
    // needed to tell which, so no purchase record is opened. Dated by sale, the range's sales
    // (after the filters) say which records are the period's.
    const data = params.dating === "event" ? await loadLossRecords(client, params, { signal }, null) : await loadRefundRecords(client, params, { signal });
    const records = data[kind];
    // An endpoint that answered 404 has no days to check again: such a load is not kept.
    return { data: { records, columns: genericColumns(records ?? []), idFields: RESOURCES[kind].idFields }, rows: records?.length ?? 0, reports: data.reports, cacheable: data.unavailable.length === 0 };
  });
}
