import "server-only";

// An order record as a row of the orders fact table: its amount in integer cents (as
// totalsByCurrency and the series add it), its instants, the values the Orders report's filters
// compare, and what fulfilment counts. Nothing that names or reaches a customer goes into it:
// no name, e-mail, phone, address line, zipcode, card digits or tracking code.
import { toCents } from "@/lib/analytics/money";
import { timestampMs } from "@/lib/timestamps";
import type { Order } from "@/lib/records/order";
import type { OrderFactRow } from "@/lib/store/order-fact-store";
import { firstCopies } from "./first-copies";

const instant = (value: string | null | undefined): number | null => {
  const ms = value ? timestampMs(value) : NaN;
  return Number.isNaN(ms) ? null : ms;
};

/** As lib/analytics/fulfilment reads a delivery's instants (Date.parse), so the days it counts are the same. */
const parsed = (value: string | null | undefined): number | null => {
  const ms = value ? Date.parse(value) : NaN;
  return Number.isFinite(ms) ? ms : null;
};

/** What record-filters compares (`value ?? ""`), kept apart from a field the record lacks (null), which the filter choices leave out. */
const raw = (value: string | null | undefined): string | null => (value === undefined ? null : (value ?? ""));

export function orderFactRow(o: Order): OrderFactRow {
  const currency = o.currency || "";
  return {
    orderId: o.orderId,
    createdAt: instant(o.checkoutInitializedAt),
    recordDay: o.checkoutInitializedAt.slice(0, 10),
    currency,
    currencyOffer: currency ? "" : (o.offerCode ?? ""),
    offerName: o.offerName ?? null,
    // The same fields as the report's FILTERS (lib/reports/server/orders-report.ts).
    dims: {
      product: raw(o.productName),
      offer: raw(o.offerCode),
      method: raw(o.paymentMethod),
      psp: raw(o.psp),
      brand: o.cardBrand || "none",
      country: raw(o.shippingCountry),
    },
    amountCents: toCents(o.amountTransaction),
    milestone: o.lastTrackingMilestone ?? "",
    carrier: o.trackingCarrier ?? "",
    supplier: o.supplierName ?? "",
    completedAt: parsed(o.orderCompletedAt),
    deliveredAt: parsed(o.deliveredAt),
    orderedAt: parsed(o.orderCreatedAt),
    // The values orderRowsPage sorts by and the columns above lack, read the same way, so the store's order is its order.
    table: { createdAt: o.orderCreatedAt ?? o.checkoutInitializedAt, amount: o.amountTransaction },
  };
}

/** The rows of one stored day: an order the upstream sent twice (windows that overlap) is one row, its first copy, as fetchRange gives a report each record once. */
export function orderFactRows(records: readonly Order[]): OrderFactRow[] {
  return firstCopies(records, (o) => o.orderId).map(orderFactRow);
}
