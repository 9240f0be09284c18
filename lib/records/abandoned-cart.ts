import { z } from "zod";
import { count, customerFields, money, optionalTimestamp, paymentFields, text, timestamp } from "./fields";

// The contract's Abandoned cart (creator keys only). Its orderId is a string, unlike
// elsewhere; a number is accepted too and read as its string.
export const abandonedCartSchema = z.looseObject({
  checkoutId: z.string(),
  sessionId: text,
  purchaseType: text,
  sessionMode: text,
  checkoutVersion: text,
  offerCode: text,
  offerName: text,
  productName: text,
  ...paymentFields,
  lastDeclineCode: text,
  ...customerFields,
  shippingCity: text,
  shippingState: text,
  shippingCountry: text,
  amountTransaction: money,
  attemptCount: count,
  attemptApprovedCount: count,
  attemptDeclinedCount: count,
  purchaseCount: count,
  orderId: z.union([z.string(), z.number().transform(String)]).nullish(),
  isRecovered: z.boolean().nullish(),
  loadedAt: optionalTimestamp,
  sessionInitializedAt: timestamp,
  firstAttemptAt: optionalTimestamp,
  firstApprovedAt: optionalTimestamp,
  abandonedAt: optionalTimestamp,
  purchasedAt: optionalTimestamp,
});

export type AbandonedCart = z.infer<typeof abandonedCartSchema>;
