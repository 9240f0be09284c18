import "server-only";

// A page of the purchases table (Revenue's records) from the fact store: the range of a local
// range in a time zone and the report's filters, as Revenue's figures read them
// (purchase-query.ts), sorted and cut by the store. The answer names each purchase and its
// sealed day; the rows are made from those records only (lib/reports/server/purchase-table-facts.ts).
import { assumeCurrency } from "@/lib/analytics/assumed-currency";
import { saleShareSum } from "@/lib/analytics/key-share";
import type { KeyType } from "@/lib/sales-api";
import type { FactPage, FactSortKey, PurchaseFactPlan, PurchaseFactStore } from "@/lib/store/purchase-fact-store";
import { purchasePlan, type PurchaseQuery } from "./purchase-query";

export interface PurchaseTableQuery extends Pick<PurchaseQuery, "from" | "to" | "timeZone" | "filters"> {
  keyType: KeyType;
  sort: FactSortKey;
  dir: "asc" | "desc";
  page: number;
  pageSize: number;
}

/** The store's plan of the table's range and filters: one bucket, no currency placement (a record's currency changes how its amount reads, never which rows or their order). */
export function purchaseTablePlan(query: Pick<PurchaseQuery, "from" | "to" | "timeZone" | "filters">): PurchaseFactPlan {
  const { plan } = purchasePlan({ ...query, granularity: "day", keyType: "creator", currency: assumeCurrency(null) });
  return { ...plan, bucketStarts: plan.bucketStarts.slice(0, 1) };
}

export async function purchaseTablePageFromFacts(store: PurchaseFactStore, account: string, query: PurchaseTableQuery): Promise<FactPage> {
  return store.purchasePage(account, {
    plan: purchaseTablePlan(query),
    sort: query.sort,
    dir: query.dir,
    // The column of the key's share (key-share.ts): the sale or the commission.
    amount: saleShareSum(query.keyType) === "transaction" ? "sale" : "commission",
    page: query.page,
    pageSize: query.pageSize,
  });
}
