import "server-only";

// The orders fact table's methods once for the back-ends whose queries are promises, PostgreSQL
// and DuckDB, over each one's table (AsyncFactTable, as AsyncPurchaseFactStore reads the
// purchases'): the shared SQL in the table's dialect. Same contract as SqliteOrderFactStore,
// answer for answer (lib/store/order-fact-store.ts).
import type { AsyncFactTable } from "./async-purchase-fact-store";
import {
  choiceStatements, deliveryOrderOfRecord, deliveryPanelsOf, deliveryPanelsStatement, deliveryOrdersStatement, fulfilmentStatement, locateOrdersStatement, orderBucketStatement, orderChoicesOf, orderGroupsOf, orderPageItemsOf, ORDER_PAGE,
  type ChoiceRecords, type DeliveryOrderRecord, type DeliveryPanelRecord, type FulfilmentRecord, type OrderBucketRecord, type OrderPageRecord,
} from "./order-fact-sql";
import type { DeliveryLinks, DeliveryPanels, OrderFactChoices, OrderFactGroups, OrderFactPlan, OrderFactRow, OrderFactStore, OrderPage, OrderPageItem, OrderPageRequest } from "./order-fact-store";
import type { FactDayMeta } from "./purchase-fact-store";

export class AsyncOrderFactStore implements OrderFactStore {
  constructor(protected readonly facts: AsyncFactTable<OrderFactRow>) {}

  replaceDay(account: string, day: string, fetchedAt: number, rows: readonly OrderFactRow[]): Promise<void> {
    return this.facts.replaceDay(account, day, fetchedAt, rows);
  }

  readDayMeta(account: string, days: readonly string[]): Promise<FactDayMeta[]> {
    return this.facts.readDayMeta(account, days);
  }

  async aggregate(account: string, plan: OrderFactPlan): Promise<OrderFactGroups> {
    if (plan.bucketStarts.length === 0) return { buckets: [], fulfilment: [], days: [] };
    const { dialect, table } = this.facts;
    // Kept while no write lands (AsyncFactTable's kept), as the groupings below.
    return this.facts.kept(account, ["aggregate", plan], async () => {
      const rows = await this.facts.together<{ buckets: OrderBucketRecord[]; fulfilment: FulfilmentRecord[] }>({
        buckets: orderBucketStatement(dialect, table, account, plan),
        fulfilment: fulfilmentStatement(dialect, table, account, plan),
      });
      return orderGroupsOf(rows.buckets, rows.fulfilment);
    });
  }

  /** One statement (deliveryPanelsStatement) with the groups; the named orders alone without them. */
  async deliveryPanels(account: string, plan: OrderFactPlan, links: DeliveryLinks): Promise<DeliveryPanels> {
    if (plan.bucketStarts.length === 0) return { groups: links.withGroups ? [] : null, named: [] };
    const { dialect, table } = this.facts;
    if (!links.withGroups && links.refunded.length === 0) return { groups: null, named: [] };
    // Without the groups too: the refunded orders of two years were ~0.3-0.4 s of a PostgreSQL revisit of Refunds dated by request at scale 20.
    return this.facts.kept(account, ["deliveryPanels", plan, links], async () => {
      if (!links.withGroups) return { groups: null, named: (await this.facts.all<DeliveryOrderRecord>(deliveryOrdersStatement(dialect, table, account, plan, links.refunded))).map(deliveryOrderOfRecord) };
      return deliveryPanelsOf(await this.facts.all<DeliveryPanelRecord>(deliveryPanelsStatement(dialect, table, account, plan, links.refunded, links.chargedBack)));
    });
  }

  choices(account: string, plan: OrderFactPlan): Promise<OrderFactChoices> {
    const s = choiceStatements(this.facts.dialect, this.facts.table, account, plan);
    return this.facts.kept(account, ["choices", plan], async () =>
      orderChoicesOf(await this.facts.together<{ groups: ChoiceRecords["groups"]; labels: ChoiceRecords["labels"] }>({ groups: s.groups, labels: s.labels })),
    );
  }

  orderPage(account: string, request: OrderPageRequest): Promise<OrderPage> {
    return this.facts.page(ORDER_PAGE, account, request);
  }

  async locateOrders(account: string, plan: OrderFactPlan, ids: readonly number[]): Promise<OrderPageItem[]> {
    return orderPageItemsOf(await this.facts.ofIds<OrderPageRecord, OrderFactPlan>(locateOrdersStatement, account, plan, ids), false);
  }

  forget(account: string): Promise<void> {
    return this.facts.forget(account);
  }

  close(): Promise<void> {
    return this.facts.close();
  }
}
