import "server-only";

// The orders fact table's embedded back-end, in the mirror's SQLite file beside the purchases'
// (lib/store/order-fact-store.ts). better-sqlite3 is synchronous: a day's rows are replaced in
// one transaction (sqlite-fact-table-store.ts).
import { SqliteFactTableStore } from "./sqlite-fact-table-store";
import {
  choiceStatements, deliveryOrderOfRecord, deliveryPanelsOf, deliveryPanelsStatement, deliveryOrdersStatement, fulfilmentStatement, locateOrdersStatement, orderBucketStatement, orderChoicesOf, orderGroupsOf, orderPageItemsOf, ORDER_PAGE, orderRowValues, ORDER_ROW_COLUMNS,
  type ChoiceGroupRecord, type DeliveryOrderRecord, type DeliveryPanelRecord, type FulfilmentRecord, type OrderBucketRecord, type OrderPageRecord,
} from "./order-fact-sql";
import type { DeliveryLinks, DeliveryPanels, OrderFactChoices, OrderFactGroups, OrderFactPlan, OrderFactRow, OrderFactStore, OrderPage, OrderPageItem, OrderPageRequest } from "./order-fact-store";

const TABLE = "order_facts";

export class SqliteOrderFactStore extends SqliteFactTableStore<OrderFactRow> implements OrderFactStore {
  constructor(file: string) {
    super(file, {
      rows: TABLE,
      columns: ORDER_ROW_COLUMNS,
      days: "order_fact_days",
      requiredColumn: "ordered_at",
      valuesOf: orderRowValues,
      schema: `
        CREATE TABLE IF NOT EXISTS ${TABLE} (account TEXT NOT NULL, day TEXT NOT NULL, seq INTEGER NOT NULL,
          order_id INTEGER NOT NULL, created_at INTEGER, record_day TEXT NOT NULL,
          currency TEXT NOT NULL, currency_offer TEXT NOT NULL, offer_name TEXT,
          product TEXT, offer TEXT, payment_method TEXT, psp TEXT, card_brand TEXT NOT NULL, country TEXT,
          amount_cents INTEGER NOT NULL, milestone TEXT NOT NULL, carrier TEXT NOT NULL, supplier TEXT NOT NULL,
          completed_at INTEGER, delivered_at INTEGER, ordered_at INTEGER, order_created_at TEXT NOT NULL, sort_amount REAL NOT NULL,
          PRIMARY KEY (account, day, seq)) WITHOUT ROWID;
        CREATE INDEX IF NOT EXISTS ${TABLE}_time ON ${TABLE} (account, created_at);
        CREATE INDEX IF NOT EXISTS ${TABLE}_product ON ${TABLE} (account, product, created_at);
        CREATE INDEX IF NOT EXISTS ${TABLE}_offer ON ${TABLE} (account, offer, created_at);`,
    });
  }

  async aggregate(account: string, plan: OrderFactPlan): Promise<OrderFactGroups> {
    if (plan.bucketStarts.length === 0) return { buckets: [], fulfilment: [], days: [] };
    return orderGroupsOf(this.all<OrderBucketRecord>(orderBucketStatement("sqlite", TABLE, account, plan)), this.all<FulfilmentRecord>(fulfilmentStatement("sqlite", TABLE, account, plan)));
  }

  async deliveryPanels(account: string, plan: OrderFactPlan, links: DeliveryLinks): Promise<DeliveryPanels> {
    if (plan.bucketStarts.length === 0) return { groups: links.withGroups ? [] : null, named: [] };
    // One statement with the groups (deliveryPanelsStatement): a day replaced between two reads cannot set the panels apart.
    if (links.withGroups) return deliveryPanelsOf(this.all<DeliveryPanelRecord>(deliveryPanelsStatement("sqlite", TABLE, account, plan, links.refunded, links.chargedBack)));
    return { groups: null, named: links.refunded.length === 0 ? [] : this.all<DeliveryOrderRecord>(deliveryOrdersStatement("sqlite", TABLE, account, plan, links.refunded)).map(deliveryOrderOfRecord) };
  }

  async choices(account: string, plan: OrderFactPlan): Promise<OrderFactChoices> {
    const s = choiceStatements("sqlite", TABLE, account, plan);
    return orderChoicesOf({ groups: this.all<ChoiceGroupRecord>(s.groups), labels: this.all<{ code: string; offer_name: string | null }>(s.labels) });
  }

  async orderPage(account: string, request: OrderPageRequest): Promise<OrderPage> {
    return this.page(ORDER_PAGE, account, request);
  }

  async locateOrders(account: string, plan: OrderFactPlan, ids: readonly number[]): Promise<OrderPageItem[]> {
    return orderPageItemsOf(this.ofIds<OrderPageRecord, OrderFactPlan>(locateOrdersStatement, account, plan, ids), false);
  }

}
