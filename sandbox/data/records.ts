// Projects the generator's lifecycle onto what the API returns at a given "now":
// events after "now" have not happened yet, so records appear and change as time passes.
import { lateRefundCents, lateRefundOf, NO_LATE_REFUNDS, type LateRefundIndex, type LateRefundInEffect } from "./late-refunds";
import type { RawCheckout, RawOrder, RawPurchase } from "./raw-types";
import { DAY_MS, iso } from "./time";

export type ApiRecord = Record<string, unknown>;
export type KeyType = "creator" | "affiliate";

const money = (cents: number): number => cents / 100;

/** What is refunded at "now": a late refund in effect replaces the generated one. */
function refundedCents(p: RawPurchase, now: number, late: LateRefundIndex): number {
  const lateRefund = lateRefundOf(late, p);
  if (lateRefund) return lateRefundCents(lateRefund, p);
  return p.refund && p.refund.requestedMs <= now ? p.refund.amountCents : 0;
}

/** How the buyer paid and who they are: the same fields, in the same order, on a purchase and on its order. */
function payerOf(co: RawCheckout): ApiRecord {
  const c = co.customer;
  return {
    psp: co.payment.psp,
    paymentMethod: co.payment.method,
    cardBrand: co.payment.cardBrand,
    cardLast4: co.payment.cardLast4,
    customerName: c.name,
    customerEmail: c.email,
    customerPhone: c.phone,
  };
}

export function purchaseRecord(co: RawCheckout, p: RawPurchase, order: RawOrder, now: number, keyType: KeyType, late: LateRefundIndex = NO_LATE_REFUNDS): ApiRecord {
  const a = p.amounts;
  const c = co.customer;
  const record: ApiRecord = {
    purchaseId: p.purchaseId,
    purchaseUcode: p.purchaseUcode,
    orderId: order.orderId,
    checkoutId: co.checkoutId,
    purchaseType: p.offer.role,
    currency: co.currency,
    purchaseCreatedAt: iso(p.createdMs),
    checkoutInitializedAt: iso(co.loadedMs),
    creatorName: co.creator.creatorName,
    affiliateName: co.affiliate?.affiliateName ?? "",
    offerCode: p.offer.offerCode,
    offerName: p.offer.offerName,
    productName: p.product.productName,
    ...payerOf(co),
    billingAddress1: c.address1,
    billingAddress2: c.address2,
    billingCity: c.city,
    billingState: c.state,
    billingCountry: c.country,
    billingZipcode: c.zipcode,
    amountTransaction: money(a.transaction),
    amountItemsGross: money(a.itemsGross),
    amountItemsNet: money(a.itemsNet),
    amountShippingNet: money(a.shipping),
    amountTaxes: money(a.taxes),
    amountAffiliation: money(a.affiliation),
    amountAffiliationNet: money(a.affiliationNet),
    amountRefunded: money(refundedCents(p, now, late)),
    incomingAvailableAt: iso(p.createdMs + co.payment.incomingDays * DAY_MS),
    incomingDays: co.payment.incomingDays,
    productId: p.product.productId,
    affiliateId: co.affiliate?.affiliateId ?? null,
  };
  if (keyType === "creator") {
    record.amountCreatorNet = money(a.creatorNet);
    record.amountCreatorPlatformFee = money(a.creatorFee);
    record.amountCreatorTax = money(a.creatorTax);
  }
  return record;
}

export function orderRecord(co: RawCheckout, order: RawOrder, now: number, late: LateRefundIndex = NO_LATE_REFUNDS): ApiRecord {
  const visible = order.purchases.filter((p) => p.createdMs <= now);
  const sum = (pick: (p: RawPurchase) => number): number => money(visible.reduce((s, p) => s + pick(p), 0));
  const c = co.customer;
  const tracking = order.tracking;
  const events = tracking?.events.filter((e) => e.ms <= now) ?? [];
  const front = visible[0] as RawPurchase;
  return {
    orderId: order.orderId,
    orderUcode: order.orderUcode,
    checkoutId: co.checkoutId,
    currency: co.currency,
    source: order.source,
    creatorName: co.creator.creatorName,
    offerCode: co.offer.offerCode,
    offerName: co.offer.offerName,
    productName: co.product.productName,
    supplierName: co.product.supplierName,
    ...payerOf(co),
    shippingAddress1: c.address1,
    shippingAddress2: c.address2,
    shippingCity: c.city,
    shippingState: c.state,
    shippingCountry: c.country,
    shippingZipcode: c.zipcode,
    amountItemsGross: sum((p) => p.amounts.itemsGross),
    amountItemsNet: sum((p) => p.amounts.itemsNet),
    amountShippingNet: sum((p) => p.amounts.shipping),
    amountTaxes: sum((p) => p.amounts.taxes),
    amountTransaction: sum((p) => p.amounts.transaction),
    amountPlatformFee: sum((p) => p.amounts.creatorFee + p.amounts.affiliateFee),
    amountAffiliation: sum((p) => p.amounts.affiliation),
    amountCreatorNet: sum((p) => p.amounts.creatorNet),
    amountCreatorPlatformFee: sum((p) => p.amounts.creatorFee),
    amountCreatorTax: sum((p) => p.amounts.creatorTax),
    amountRefunded: sum((p) => refundedCents(p, now, late)),
    purchaseCount: visible.length,
    upsellCount: visible.filter((p) => p.offer.role === "upsell" || p.offer.role === "downsell").length,
    lastTrackingMilestone: tracking ? (events.at(-1)?.milestone ?? "awaiting_shipment") : null,
    trackingProvider: tracking?.provider ?? null,
    trackingCode: tracking && events.length > 0 ? tracking.code : null,
    trackingCarrier: tracking?.carrier ?? null,
    checkoutInitializedAt: iso(co.loadedMs),
    orderCreatedAt: iso(front.createdMs),
    orderCompletedAt: order.completedMs <= now ? iso(order.completedMs) : null,
    deliveredAt: tracking?.deliveredMs != null && tracking.deliveredMs <= now ? iso(tracking.deliveredMs) : null,
  };
}

export function abandonedCartRecord(co: RawCheckout, now: number): ApiRecord {
  const recovered = co.order !== null && co.purchasedMs !== null && co.purchasedMs <= now;
  const at = co.attempts;
  const c = co.customer;
  const attempted = at.count > 0 || recovered;
  return {
    checkoutId: co.checkoutId,
    sessionId: co.sessionId,
    purchaseType: "front",
    sessionMode: co.sessionMode,
    checkoutVersion: co.checkoutVersion,
    offerCode: co.offer.offerCode,
    offerName: co.offer.offerName,
    productName: co.product.productName,
    psp: attempted ? co.payment.psp : null,
    paymentMethod: co.payment.method,
    cardBrand: attempted ? co.payment.cardBrand : null,
    cardLast4: attempted ? co.payment.cardLast4 : null,
    lastDeclineCode: at.lastDeclineCode,
    customerName: c.name,
    customerEmail: c.email,
    customerPhone: c.phone,
    shippingCity: c.city,
    shippingState: c.state,
    shippingCountry: c.country,
    amountTransaction: money(co.order && recovered ? co.order.purchases[0]!.amounts.transaction : co.offer.priceCents),
    attemptCount: at.count + (recovered ? 1 : 0),
    attemptApprovedCount: recovered ? 1 : 0,
    attemptDeclinedCount: at.declined,
    purchaseCount: recovered ? co.order!.purchases.length : 0,
    orderId: recovered ? String(co.order!.orderId) : null,
    isRecovered: recovered,
    loadedAt: iso(co.loadedMs),
    sessionInitializedAt: iso(co.sessionMs as number),
    firstAttemptAt: at.firstAttemptMs !== null ? iso(at.firstAttemptMs) : recovered ? iso(co.purchasedMs as number) : null,
    firstApprovedAt: recovered ? iso(co.purchasedMs as number) : null,
    abandonedAt: iso(co.abandonedMs as number),
    purchasedAt: recovered ? iso(co.purchasedMs as number) : null,
  };
}

export function checkoutRecord(co: RawCheckout, now: number): ApiRecord {
  let status = "bounced";
  if (co.sessionMs !== null) {
    if (co.purchasedMs !== null && co.purchasedMs <= now) status = co.abandonedMs === null ? "purchased" : "recovered";
    else if (co.abandonedMs !== null && co.abandonedMs <= now) status = "abandoned";
    else status = "in_progress";
  }
  return {
    checkoutId: co.checkoutId,
    sessionId: co.sessionMs !== null ? co.sessionId : null,
    status,
    offerCode: co.offer.offerCode,
    offerName: co.offer.offerName,
    productName: co.product.productName,
    currency: co.currency,
    checkoutVersion: co.checkoutVersion,
    sessionMode: co.sessionMode,
    affiliateName: co.affiliate?.affiliateName ?? "",
    loadedAt: iso(co.loadedMs),
    sessionInitializedAt: co.sessionMs !== null && co.sessionMs <= now ? iso(co.sessionMs) : null,
    orderId: co.order && status !== "in_progress" && status !== "abandoned" ? co.order.orderId : null,
  };
}

function saleFields(co: RawCheckout, p: RawPurchase, order: RawOrder): ApiRecord {
  return {
    purchaseId: p.purchaseId,
    purchaseUcode: p.purchaseUcode,
    orderId: order.orderId,
    purchaseType: p.offer.role,
    offerCode: p.offer.offerCode,
    productName: p.product.productName,
    affiliateName: co.affiliate?.affiliateName ?? "",
    currency: co.currency,
    paymentMethod: co.payment.method,
    psp: co.payment.psp,
    purchaseCreatedAt: iso(p.createdMs),
  };
}

export function refundRecord(co: RawCheckout, p: RawPurchase, order: RawOrder, now: number): ApiRecord {
  const r = p.refund!;
  return {
    refundId: r.refundId,
    ...saleFields(co, p, order),
    amount: money(r.amountCents),
    refundType: r.refundType,
    reason: r.reason,
    status: r.processedMs <= now ? "completed" : "processing",
    requestedAt: iso(r.requestedMs),
    processedAt: r.processedMs <= now ? iso(r.processedMs) : null,
  };
}

/** A late refund's record: shaped like the generator's, still processing. */
export function lateRefundRecord(co: RawCheckout, p: RawPurchase, order: RawOrder, refund: LateRefundInEffect): ApiRecord {
  const cents = lateRefundCents(refund, p);
  return {
    refundId: `rfd_late_${p.purchaseId}`,
    ...saleFields(co, p, order),
    amount: money(cents),
    refundType: cents === p.amounts.transaction ? "full" : "partial",
    reason: "customer_request",
    status: "processing",
    requestedAt: iso(refund.requestedMs),
    processedAt: null,
  };
}

export function chargebackRecord(co: RawCheckout, p: RawPurchase, order: RawOrder, now: number): ApiRecord {
  const cb = p.chargeback!;
  const resolved = cb.resolvedMs <= now;
  return {
    chargebackId: cb.chargebackId,
    kind: cb.kind,
    ...saleFields(co, p, order),
    cardBrand: co.payment.cardBrand,
    amount: money(p.amounts.transaction),
    reasonCode: cb.reasonCode,
    reason: cb.reason,
    status: resolved ? cb.outcome : "open",
    requestedAt: iso(cb.requestedMs),
    resolvedAt: resolved ? iso(cb.resolvedMs) : null,
  };
}
