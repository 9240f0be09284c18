import { z } from "zod";
import { currency, customerFields, money, optionalMoney, optionalTimestamp, paymentFields, text, timestamp } from "./fields";

// The contract's Purchase. Unknown extra fields (productId, affiliateId, ...) are kept.
export const purchaseSchema = z.looseObject({
  purchaseId: z.number().int(),
  purchaseUcode: text,
  orderId: z.number().int().nullish(),
  checkoutId: text,
  purchaseType: z.string(),
  currency,
  purchaseCreatedAt: timestamp,
  checkoutInitializedAt: timestamp,
  creatorName: text,
  affiliateName: text,
  offerCode: text,
  offerName: text,
  productName: text,
  ...paymentFields,
  ...customerFields,
  billingAddress1: text,
  billingAddress2: text,
  billingCity: text,
  billingState: text,
  billingCountry: text,
  billingZipcode: text,
  amountTransaction: money,
  amountItemsGross: money,
  amountItemsNet: money,
  amountShippingNet: optionalMoney,
  amountTaxes: optionalMoney,
  amountAffiliation: optionalMoney,
  amountAffiliationNet: optionalMoney,
  amountRefunded: optionalMoney,
  incomingAvailableAt: optionalTimestamp,
  incomingDays: z.number().int().nullish(),
  // Creator keys only: absent for an affiliate key.
  amountCreatorNet: optionalMoney,
  amountCreatorPlatformFee: optionalMoney,
  amountCreatorTax: optionalMoney,
});

export type Purchase = z.infer<typeof purchaseSchema>;
