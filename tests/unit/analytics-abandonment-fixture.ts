// Nine carts and ten purchases shared by the abandonment tests. Every expected figure in the
// tests is worked out by hand from this table (times UTC; São Paulo is UTC−3 all year).
//
// cart offer cur     amount  rec session        abandoned (min)   purchased (min after)   psp     decline             att/ok/no
// c1   OB    brl     197.90  yes 06-01 13:00    13:40 (40)        06-01 15:40 (120)       pagarme insufficient_funds  3/1/2
// c2   OB    brl      97.50  no  06-01 02:00    02:35 (35)        -                       pagarme insufficient_funds  1/0/1
// c3   OB    brl       0.10  no  06-02 14:00    14:30 (30)        -                       -       -                   0/0/0
// c4   OU    usd      49.00  yes 06-03 20:00    20:50 (50)        06-06 20:50 (4320 = 72h) stripe do_not_honor        2/1/1
// c5   OU    usd       0.20  no  06-01 13:30    14:01 (31)        -                       stripe  weird_code          5/0/5
// c6   OX    unknown  10.00  yes 06-07 03:00    03:45 (45)        06-07 04:15 (30)        adyen   -                   1/1/0
// c7   OB    brl       0.20  yes 06-04 12:00    -                 -                       pagarme invalid_cvv         1/0/1
// c8   OU    usd      10.05  yes 06-05 10:00    10:30 (30)        06-08 10:31 (4321)      adyen   insufficient_funds  2/1/1
// c9   OX    unknown   5.00  yes 06-02 01:00    01:20 (20)        06-02 02:20 (60)        adyen   -                   1/1/0
import type { AbandonedCart } from "@/lib/records/abandoned-cart";
import type { Purchase } from "@/lib/records/purchase";

type Cart = AbandonedCart;
type P = Pick<Purchase, "checkoutId" | "purchaseType" | "currency" | "offerCode">;

const blank = {
  sessionId: null, purchaseType: "front", sessionMode: null, checkoutVersion: null, offerCode: null, offerName: null, productName: null,
  psp: null, paymentMethod: null, cardBrand: null, cardLast4: null, lastDeclineCode: null, customerName: null, customerEmail: null,
  customerPhone: null, shippingCity: null, shippingState: null, shippingCountry: null, attemptCount: 0, attemptApprovedCount: 0,
  attemptDeclinedCount: 0, purchaseCount: 0, orderId: null, isRecovered: false, loadedAt: null, firstAttemptAt: null,
  firstApprovedAt: null, abandonedAt: null, purchasedAt: null,
} satisfies Omit<Cart, "checkoutId" | "sessionInitializedAt" | "amountTransaction">;

const ob = { offerCode: "OB", offerName: "Curso BR", productName: "Photo Course", shippingCountry: "BR" };
const ou = { offerCode: "OU", offerName: "Course US", productName: "Photo Course", shippingCountry: "US" };
const ox = { offerCode: "OX", offerName: null, productName: "Ebook" };

export const carts: Cart[] = [
  { ...blank, ...ob, checkoutId: "c1", amountTransaction: 197.9, isRecovered: true, checkoutVersion: "v3", sessionMode: "standard",
    loadedAt: "2026-06-01T12:59:30Z", sessionInitializedAt: "2026-06-01T13:00:00Z", firstAttemptAt: "2026-06-01T13:05:00Z",
    firstApprovedAt: "2026-06-01T15:40:00Z", abandonedAt: "2026-06-01T13:40:00Z", purchasedAt: "2026-06-01T15:40:00Z",
    psp: "pagarme", paymentMethod: "credit_card", cardBrand: "visa", lastDeclineCode: "insufficient_funds", shippingState: "SP",
    attemptCount: 3, attemptApprovedCount: 1, attemptDeclinedCount: 2 },
  { ...blank, ...ob, checkoutId: "c2", amountTransaction: 97.5, checkoutVersion: "v3", sessionMode: "one_click",
    loadedAt: "2026-06-01T01:58:00Z", sessionInitializedAt: "2026-06-01T02:00:00Z", firstAttemptAt: "2026-06-01T02:10:00Z",
    abandonedAt: "2026-06-01T02:35:00Z", psp: "pagarme", paymentMethod: "credit_card", cardBrand: "visa",
    lastDeclineCode: "insufficient_funds", shippingState: "SP", attemptCount: 1, attemptDeclinedCount: 1 },
  { ...blank, ...ob, checkoutId: "c3", amountTransaction: 0.1, checkoutVersion: "v3",
    sessionInitializedAt: "2026-06-02T14:00:00Z", abandonedAt: "2026-06-02T14:30:00Z", paymentMethod: "pix", shippingState: "RJ" },
  { ...blank, ...ou, checkoutId: "c4", amountTransaction: 49, isRecovered: true, checkoutVersion: "v3",
    loadedAt: "2026-06-03T19:59:00Z", sessionInitializedAt: "2026-06-03T20:00:00Z", firstAttemptAt: "2026-06-03T20:10:00Z",
    firstApprovedAt: "2026-06-06T20:50:00Z", abandonedAt: "2026-06-03T20:50:00Z", purchasedAt: "2026-06-06T20:50:00Z",
    psp: "stripe", paymentMethod: "credit_card", cardBrand: "mastercard", lastDeclineCode: "do_not_honor", shippingState: "CA",
    attemptCount: 2, attemptApprovedCount: 1, attemptDeclinedCount: 1 },
  { ...blank, ...ou, checkoutId: "c5", amountTransaction: 0.2, checkoutVersion: "v3",
    loadedAt: "2026-06-01T13:29:00Z", sessionInitializedAt: "2026-06-01T13:30:00Z", firstAttemptAt: "2026-06-01T13:35:00Z",
    abandonedAt: "2026-06-01T14:01:00Z", psp: "stripe", paymentMethod: "credit_card", cardBrand: "amex", lastDeclineCode: "weird_code",
    shippingState: "NY", attemptCount: 5, attemptDeclinedCount: 5 },
  { ...blank, ...ox, checkoutId: "c6", amountTransaction: 10, isRecovered: true, checkoutVersion: "v4", shippingCountry: "BR", shippingState: "SP",
    loadedAt: "2026-06-07T02:59:00Z", sessionInitializedAt: "2026-06-07T03:00:00Z", abandonedAt: "2026-06-07T03:45:00Z",
    purchasedAt: "2026-06-07T04:15:00Z", psp: "adyen", paymentMethod: "pix", attemptCount: 1, attemptApprovedCount: 1 },
  { ...blank, ...ob, checkoutId: "c7", amountTransaction: 0.2, isRecovered: true, checkoutVersion: "v4",
    loadedAt: "2026-06-04T11:59:00Z", sessionInitializedAt: "2026-06-04T12:00:00Z", psp: "pagarme", paymentMethod: "credit_card",
    cardBrand: "visa", lastDeclineCode: "invalid_cvv", shippingState: "RJ", attemptCount: 1, attemptDeclinedCount: 1 },
  { ...blank, ...ou, checkoutId: "c8", amountTransaction: 10.05, isRecovered: true, checkoutVersion: "v4",
    loadedAt: "2026-06-05T09:58:00Z", sessionInitializedAt: "2026-06-05T10:00:00Z", abandonedAt: "2026-06-05T10:30:00Z",
    purchasedAt: "2026-06-08T10:31:00Z", psp: "adyen", paymentMethod: "credit_card", cardBrand: "visa",
    lastDeclineCode: "insufficient_funds", shippingState: "NY", attemptCount: 2, attemptApprovedCount: 1, attemptDeclinedCount: 1 },
  { ...blank, ...ox, checkoutId: "c9", amountTransaction: 5, isRecovered: true,
    sessionInitializedAt: "2026-06-02T01:00:00Z", firstAttemptAt: "2026-06-02T01:10:00Z", firstApprovedAt: "2026-06-02T02:20:00Z",
    abandonedAt: "2026-06-02T01:20:00Z", purchasedAt: "2026-06-02T02:20:00Z", psp: "adyen", paymentMethod: "paypal",
    attemptCount: 1, attemptApprovedCount: 1 },
];

// Front purchases not among the carts: k1, k2 (twice), k3 (usd), one usd without checkoutId,
// k4 without a currency, k5 in eur. c1's own purchase (and its bump) is the recovery.
export const purchases: P[] = [
  { checkoutId: "c1", purchaseType: "front", currency: "brl", offerCode: "OB" },
  { checkoutId: "c1", purchaseType: "order_bump", currency: "brl", offerCode: "BUMP" },
  { checkoutId: "k1", purchaseType: "front", currency: "brl", offerCode: "OB" },
  { checkoutId: "k1", purchaseType: "upsell", currency: "brl", offerCode: "UP" },
  { checkoutId: "k2", purchaseType: "front", currency: "brl", offerCode: "OB" },
  { checkoutId: "k2", purchaseType: "front", currency: "brl", offerCode: "OB" },
  { checkoutId: "k3", purchaseType: "front", currency: "usd", offerCode: "OU" },
  { checkoutId: null, purchaseType: "front", currency: "usd", offerCode: "OU" },
  { checkoutId: "k4", purchaseType: "front", currency: null, offerCode: "OZ" },
  { checkoutId: "k5", purchaseType: "front", currency: "eur", offerCode: "OE" },
];
