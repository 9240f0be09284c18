// The generator's full-lifecycle view of one checkout. What the API shows at a given
// "now" is projected from it (records.ts), so data keeps arriving as time passes.
import type { Affiliate, Creator, Currency, Offer, Product } from "./catalog";
import type { Customer } from "./people";

export interface Payment {
  psp: string;
  method: string;
  cardBrand: string | null;
  cardLast4: string | null;
  incomingDays: number;
}

/** All amounts in integer cents of the purchase currency. */
export interface Amounts {
  itemsGross: number;
  itemsNet: number;
  shipping: number;
  taxes: number;
  transaction: number;
  creatorFee: number;
  affiliation: number;
  affiliateFee: number;
  affiliationNet: number;
  creatorTax: number;
  creatorNet: number;
}

export interface RawRefund {
  refundId: string;
  requestedMs: number;
  processedMs: number;
  amountCents: number;
  refundType: "full" | "partial";
  reason: string;
}

export interface RawChargeback {
  chargebackId: string;
  kind: "chargeback" | "alert";
  reasonCode: string;
  reason: string;
  requestedMs: number;
  resolvedMs: number;
  outcome: "won" | "lost" | "resolved";
}

export interface RawPurchase {
  purchaseId: number;
  purchaseUcode: string;
  offer: Offer;
  product: Product;
  createdMs: number;
  amounts: Amounts;
  refund: RawRefund | null;
  chargeback: RawChargeback | null;
}

export interface TrackingEvent { milestone: string; ms: number }

export interface RawTracking {
  provider: string;
  carrier: string;
  code: string;
  events: TrackingEvent[];
  deliveredMs: number | null;
}

export interface RawOrder {
  orderId: number;
  orderUcode: string;
  source: "direct" | "affiliate" | "recovery";
  completedMs: number;
  purchases: RawPurchase[];
  tracking: RawTracking | null;
}

export interface RawAttempts {
  count: number;
  declined: number;
  firstAttemptMs: number | null;
  lastDeclineCode: string | null;
}

export interface RawCheckout {
  creator: Creator;
  checkoutId: string;
  sessionId: string;
  loadedMs: number;
  offer: Offer;
  product: Product;
  currency: Currency;
  customer: Customer;
  affiliate: Affiliate | null;
  payment: Payment;
  sessionMode: string;
  checkoutVersion: string;
  /** null when the visitor left before starting a session (a bounce). */
  sessionMs: number | null;
  /** Attempts before the purchase, or before the abandonment. */
  attempts: RawAttempts;
  /** Set for abandoned sessions, including those recovered later. */
  abandonedMs: number | null;
  /** Set when the purchase happened (at once, or later as a recovery). */
  purchasedMs: number | null;
  order: RawOrder | null;
}

export interface RawDay {
  creatorNo: number;
  day: number;
  checkouts: RawCheckout[];
  /** Refunds and chargebacks indexed by the UTC day of their request. */
  refundsByDay: Map<number, Array<{ checkout: RawCheckout; purchase: RawPurchase }>>;
  chargebacksByDay: Map<number, Array<{ checkout: RawCheckout; purchase: RawPurchase }>>;
}
