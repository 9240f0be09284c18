import "server-only";

// The CSV files of an Orders report: the orders, and one per panel (key figures, orders over
// time, fulfilment by milestone, carrier and supplier, delivery times).
import { csvColumns } from "@/lib/csv/columns";
import { maskName } from "@/lib/privacy/mask";
import type { Order } from "@/lib/sales-api";
import { dataset, flatDataset, kpiCardsDataset, type CsvDataset } from "./csv-datasets";
import type { OrdersView } from "./orders-report";

export const ORDER_COLUMNS = csvColumns<Order>([
  { header: "orderId", kind: "id", value: (o) => o.orderId },
  { header: "checkoutInitializedAt", kind: "date", value: (o) => o.checkoutInitializedAt },
  { header: "orderCreatedAt", kind: "date", value: (o) => o.orderCreatedAt },
  { header: "orderCompletedAt", kind: "date", value: (o) => o.orderCompletedAt },
  { header: "currency", kind: "text", value: (o) => o.currency },
  { header: "productName", kind: "text", value: (o) => o.productName },
  { header: "offerCode", kind: "text", value: (o) => o.offerCode },
  { header: "supplierName", kind: "text", value: (o) => o.supplierName },
  { header: "paymentMethod", kind: "text", value: (o) => o.paymentMethod },
  { header: "psp", kind: "text", value: (o) => o.psp },
  { header: "cardBrand", kind: "text", value: (o) => o.cardBrand },
  { header: "cardLast4", kind: "id", value: (o) => o.cardLast4 },
  { header: "shippingCountry", kind: "text", value: (o) => o.shippingCountry },
  { header: "customerName (masked)", kind: "text", value: (o) => maskName(o.customerName) },
  { header: "amountTransaction", kind: "money", value: (o) => o.amountTransaction },
  { header: "amountCreatorNet", kind: "money", value: (o) => o.amountCreatorNet },
  { header: "amountRefunded", kind: "money", value: (o) => o.amountRefunded },
  { header: "purchaseCount", kind: "number", value: (o) => o.purchaseCount },
  { header: "lastTrackingMilestone", kind: "text", value: (o) => o.lastTrackingMilestone },
  { header: "trackingCarrier", kind: "text", value: (o) => o.trackingCarrier },
  { header: "deliveredAt", kind: "date", value: (o) => o.deliveredAt },
]);

/** Every name an Orders CSV can have ("all" is the ZIP of them). */
export const ORDERS_CSV_NAMES: ReadonlySet<string> = new Set(["all", "orders", "kpis", "series", "milestones", "carriers", "suppliers", "delivery-times"]);

export function ordersDatasets(view: OrdersView, orders: readonly Order[]): Map<string, CsvDataset> {
  const counts = (rows: ReadonlyArray<{ key: string; count: number }>) => flatDataset([["key", "text"], ["count", "number"]], rows);
  const { fulfilment: f } = view;
  return new Map<string, CsvDataset>([
    ["orders", dataset(ORDER_COLUMNS, orders)],
    ["kpis", kpiCardsDataset(view.kpis, view.comparisonDataFrom)],
    ["series", flatDataset([["currency", "text"], ["bucket", "text"], ["orders", "number"], ["amount", "money"]], view.series.flatMap((s) => s.points.map((p) => ({ currency: s.currency, bucket: p.bucket, orders: p.count, amount: p.amount }))))],
    ["milestones", counts(f.byMilestone)],
    ["carriers", counts(f.byCarrier)],
    ["suppliers", counts(f.bySupplier)],
    ["delivery-times", counts(f.deliveryTimes.histogram)],
  ]);
}
