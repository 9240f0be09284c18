import "server-only";

// A page of the orders table from the orders fact table (issue #25 point 5): the store sorts and
// cuts the range's orders after the report's filters, and only the sealed days holding the
// page's orders are opened to show them. It answers when the table holds every day of the range
// as the mirror serves it (orders-facts.ts's rule for the Orders report), and the page is then
// the one orderRowsPage makes from every record of the range: same rows, same order, same total,
// same formatting, customer details masked (tests/unit/reports-order-table-facts.test.ts). Null
// otherwise: the caller pages the records as before.
import { withAssumedCurrency } from "@/lib/analytics/assumed-currency";
import { orderChoices } from "@/lib/query/order-query";
import { orderTablePageFromFacts, orderTablePlan } from "@/lib/query/order-table-query";
import type { ReportParams } from "@/lib/report-params/definitions";
import type { Order } from "@/lib/sales-api";
import type { OrderFactStore, OrderPageItem } from "@/lib/store/order-fact-store";
import { currencyAssumptionFor } from "./currency-assumption";
import { rangeOptions, withReportDeadline, type LoadOptions } from "./load-options";
import { orderDetails, orderRow, orderRowId, type OrderRow, type OrderSortKey } from "./order-rows";
import { factsHold } from "./facts-hold";
import { openPageDays } from "./page-days";
import { orderDayMarks } from "./orders-facts";
import type { TablePage, TableRequest } from "./table-page";
import type { MirroredClient } from "@/lib/mirror/range-reader";

type Given = Pick<LoadOptions, "signal" | "currency" | "deadline">;

/** The page's orders from their days' records (page-days.ts). */
const openOrderDays = (client: MirroredClient, items: readonly OrderPageItem[], stamps: ReadonlyMap<string, number>, options: LoadOptions) =>
  openPageDays(items, stamps, (day) => client.fetchRange("orders", { from: day, to: day }, rangeOptions(options)), { item: (i) => i.orderId, record: (o) => o.orderId });

/** The marks of the range when the table holds it as the mirror serves it; null otherwise. */
async function heldStamps(client: MirroredClient, params: ReportParams, facts: OrderFactStore, options: LoadOptions): Promise<Map<string, number> | null> {
  const { report } = await orderDayMarks(client, params, params.tz, options);
  return (await factsHold(facts, client.identity, [report])) ? new Map(report.fetchedAt) : null;
}

/**
 * The page's orders with the currency the records' page gives one without (loadOrders): the
 * decision made from the range's offers and currencies, read from the table (a read of the
 * range), only when an order of the page lacks one; it changes how an amount reads, never the order.
 */
async function withRangeCurrency(client: MirroredClient, facts: OrderFactStore, range: { from: string; to: string; timeZone: string }, records: Order[], options: LoadOptions): Promise<Order[]> {
  if (records.every((o) => o.currency)) return records;
  const choices = await orderChoices(facts, client.identity, range);
  const decided = await currencyAssumptionFor(client, choices.offerCurrencies, options.currency, options.deadline);
  return withAssumedCurrency(records, decided).records;
}

export async function orderPageFromFacts(
  client: MirroredClient,
  params: ReportParams,
  request: TableRequest<OrderSortKey>,
  facts: OrderFactStore,
  given: Given = {},
  locale = "en-US",
): Promise<TablePage<OrderRow> | null> {
  const options = withReportDeadline(client, given);
  const stamps = await heldStamps(client, params, facts, options);
  if (!stamps) return null;
  const range = { from: params.from, to: params.to, timeZone: params.tz };
  const page = await orderTablePageFromFacts(facts, client.identity, { ...range, filters: params.filters, sort: request.sort, dir: request.dir, page: request.page, pageSize: request.pageSize });
  const records = await openOrderDays(client, page.items, stamps, options);
  if (!records) return null;
  const rows = (await withRangeCurrency(client, facts, range, records, options)).map((o) => orderRow(o, request.timeZone, locale));
  return { total: page.total, page: page.page, items: rows };
}

/**
 * The customer details of rows the table shows, for the reveal action: only ids that are rows of
 * the session's account, the report's range and its filters (the store says which, and where
 * they live), read from those rows' days only; an id that is not such a row is left out. Null
 * when the table does not hold the range as the mirror serves it (customer-details.ts then reads
 * the range's records). Nothing here is logged.
 */
export async function orderDetailsFromFacts(client: MirroredClient, params: ReportParams, ids: readonly string[], facts: OrderFactStore, given: Given = {}): Promise<Record<string, Record<string, string>> | null> {
  const options = withReportDeadline(client, given);
  const stamps = await heldStamps(client, params, facts, options);
  if (!stamps) return null;
  // A row's id is its order id written as a number (orderRowId): any other text names no row.
  const wanted = [...new Set(ids)].filter((id) => Number.isSafeInteger(Number(id)) && String(Number(id)) === id).map(Number);
  const items = await facts.locateOrders(client.identity, orderTablePlan({ from: params.from, to: params.to, timeZone: params.tz, filters: params.filters }), wanted);
  const records = await openOrderDays(client, items, stamps, options);
  if (!records) return null;
  const answer: Record<string, Record<string, string>> = {};
  for (const o of records) answer[orderRowId(o)] ??= orderDetails(o);
  return answer;
}
