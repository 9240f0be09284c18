import { z } from "zod";
import { currency, money, optionalMoney, optionalTimestamp, text, timestamp } from "./fields";

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
  psp: text,
  paymentMethod: text,
  cardBrand: text,
  cardLast4: text,
  customerName: text,
  customerEmail: text,
  customerPhone: text,
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
