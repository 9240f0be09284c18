// The keys purchases are grouped and filtered by. Breakdowns and filters share them, so a
// row clicked in a breakdown ("none" card brand) filters exactly the purchases it counted.
import type { Purchase } from "@/lib/records/purchase";
import { NONE } from "@/lib/records/keys";

export { NONE };

export type DimensionPurchase = Pick<
  Purchase,
  "productName" | "offerCode" | "offerName" | "purchaseType" | "paymentMethod" | "psp" | "cardBrand" | "billingCountry" | "affiliateName"
>;

const orNone = (value: string | null | undefined): string => value || NONE;

export const dimensionKeys = {
  product: (p: Pick<DimensionPurchase, "productName">) => orNone(p.productName),
  // Offers by code: two offers may share a name (one per currency); offerName is the label.
  offer: (p: Pick<DimensionPurchase, "offerCode">) => orNone(p.offerCode),
  purchaseType: (p: Pick<DimensionPurchase, "purchaseType">) => orNone(p.purchaseType),
  paymentMethod: (p: Pick<DimensionPurchase, "paymentMethod">) => orNone(p.paymentMethod),
  psp: (p: Pick<DimensionPurchase, "psp">) => orNone(p.psp),
  cardBrand: (p: Pick<DimensionPurchase, "cardBrand">) => orNone(p.cardBrand),
  country: (p: Pick<DimensionPurchase, "billingCountry">) => orNone(p.billingCountry),
  // The API sends "" for a purchase without an affiliate.
  affiliate: (p: Pick<DimensionPurchase, "affiliateName">) => orNone(p.affiliateName),
} as const;

export type Dimension = keyof typeof dimensionKeys;
