import "server-only";

// The customer details of rows on screen, for the reveal action: read from the same records the
// table pages from (the session's account, the report's range and filters), for the ids asked
// only; an id that is not a row of that table is left out. Nothing here is logged. Purchases
// and orders come from their fact table's rows and their days when it holds the range
// (purchase-table-facts.ts, order-table-facts.ts).
import { getReportFactStore, getReportOrderFactStore } from "@/lib/mirror/mirror-access";
import type { ReportParams } from "@/lib/report-params/definitions";
import type { KeyType } from "@/lib/sales-api";
import type { TableEntry } from "@/lib/store/table-index-cache";
import { cartDetails, cartRowId } from "@/lib/reports/server/cart-rows";
import { genericDetails, genericRowId } from "@/lib/reports/server/generic-rows";
import { orderDetails, orderRowId } from "@/lib/reports/server/order-rows";
import { orderDetailsFromFacts } from "@/lib/reports/server/order-table-facts";
import { purchaseDetails, purchaseRowId } from "@/lib/reports/server/purchase-rows";
import { purchaseDetailsFromFacts } from "@/lib/reports/server/purchase-table-facts";
import { cartsSnapshot, genericSnapshot, ordersSnapshot, purchasesSnapshot, type TableName } from "@/lib/reports/server/table-sources";
import type { MirroredClient } from "@/lib/mirror/range-reader";

export type CustomerDetails = Record<string, Record<string, string>>;

/** Tables of creator-only reports. */
export const CREATOR_ONLY_TABLES: ReadonlySet<TableName> = new Set(["orders", "carts"]);

function pick<T>(entry: TableEntry<{ records: readonly T[] | null }>, ids: readonly string[], idOf: (record: T, position: number) => string, details: (record: T) => Record<string, string>): CustomerDetails {
  const records = entry.data.records ?? [];
  // Made once per snapshot: revealing the next page looks its ids up, not the range.
  entry.byId ??= new Map(records.map((record, position) => [idOf(record, position), position]));
  const answer: CustomerDetails = {};
  for (const id of ids) {
    const position = entry.byId.get(id);
    if (position !== undefined) answer[id] = details(records[position] as T);
  }
  return answer;
}

export async function getCustomerDetails(client: MirroredClient, keyType: KeyType, table: TableName, params: ReportParams, ids: readonly string[]): Promise<CustomerDetails> {
  switch (table) {
    case "purchases": {
      // The fact table, when it holds the range, names the rows among the ids and their days:
      // only those days are opened (the rows route pages from it the same way).
      const facts = getReportFactStore();
      const fromFacts = facts ? await purchaseDetailsFromFacts(client, params, ids, facts) : null;
      return fromFacts ?? pick((await purchasesSnapshot(client, keyType, params)).entry, ids, purchaseRowId, purchaseDetails);
    }
    case "orders": {
      // The same from the orders fact table when it holds the range (order-table-facts.ts).
      const facts = getReportOrderFactStore();
      const fromFacts = facts ? await orderDetailsFromFacts(client, params, ids, facts) : null;
      return fromFacts ?? pick((await ordersSnapshot(client, params)).entry, ids, orderRowId, orderDetails);
    }
    case "carts":
      return pick((await cartsSnapshot(client, params)).entry, ids, cartRowId, cartDetails);
    case "refunds":
    case "chargebacks": {
      const { entry } = await genericSnapshot(client, table, params);
      const { columns, idFields } = entry.data;
      return pick(entry, ids, (record, position) => genericRowId(record, position, idFields), (record) => genericDetails(record, columns));
    }
    case "affiliates":
      // The leaderboard's rows are affiliates' totals: no customer to reveal.
      return {};
  }
}
