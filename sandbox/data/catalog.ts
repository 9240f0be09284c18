// The sandbox's businesses: who sells what, at which price, through which affiliates.
// Prices are integer cents so that every amount relation holds exactly.

export type Currency = "brl" | "usd" | "eur";
export type OfferRole = "front" | "order_bump" | "upsell" | "downsell";

export interface Product {
  productId: number;
  productName: string;
  productType: "digital" | "physical";
  supplierName: string | null;
  createdAt: string;
}

export interface Offer {
  offerCode: string;
  offerName: string;
  productId: number;
  role: OfferRole;
  currency: Currency;
  priceCents: number;
  /** Commission paid to an affiliate, as a share of the items' net amount. */
  commissionRate: number;
  /** Relative popularity among the front offers of the same creator. */
  weight: number;
}

export interface Affiliate {
  affiliateId: number;
  affiliateName: string;
  weight: number;
}

export interface Creator {
  creatorNo: number;
  creatorName: string;
  /** Checkouts loaded per day at growth 1, before seasonality and scale. */
  baseCheckoutsPerDay: number;
  /** Share of checkouts that arrive through an affiliate link. */
  affiliateShare: number;
  /** Hour-of-day weights (UTC) of checkout loads. */
  hourWeights: readonly number[];
  products: readonly Product[];
  offers: readonly Offer[];
  affiliates: readonly Affiliate[];
}

// Brazil-centred audience (UTC-3): evenings in Brazil are 21h-02h UTC.
const BRAZIL_HOURS = [6, 5, 3, 2, 1, 1, 1, 1, 1, 2, 3, 5, 7, 8, 8, 8, 8, 8, 8, 8, 9, 10, 10, 8];
// US and European audience: afternoons in Europe and the US east coast.
const ATLANTIC_HOURS = [3, 2, 2, 1, 1, 1, 2, 3, 5, 7, 8, 8, 9, 9, 10, 10, 10, 9, 8, 7, 6, 5, 4, 3];

export const CREATORS: readonly Creator[] = [
  {
    creatorNo: 1,
    creatorName: "Aurora Academy",
    baseCheckoutsPerDay: 88,
    affiliateShare: 0.3,
    hourWeights: BRAZIL_HOURS,
    products: [
      { productId: 1101, productName: "Sourdough Masterclass", productType: "digital", supplierName: null, createdAt: "2023-02-01T12:00:00Z" },
      { productId: 1102, productName: "Home Barista Course", productType: "digital", supplierName: null, createdAt: "2023-05-10T12:00:00Z" },
      { productId: 1103, productName: "Cast Iron Skillet Kit", productType: "physical", supplierName: "Forja Brasil Ltda", createdAt: "2023-08-20T12:00:00Z" },
      { productId: 1104, productName: "Fermentation Crock Set", productType: "physical", supplierName: "Ceramica Sul", createdAt: "2024-01-15T12:00:00Z" },
      { productId: 1105, productName: "Recipe eBook Bundle", productType: "digital", supplierName: null, createdAt: "2023-02-01T12:00:00Z" },
      { productId: 1106, productName: "Private Coaching Call", productType: "digital", supplierName: null, createdAt: "2023-03-01T12:00:00Z" },
      { productId: 1107, productName: "Meal Planner Lite", productType: "digital", supplierName: null, createdAt: "2023-03-01T12:00:00Z" },
    ],
    offers: [
      { offerCode: "SDM-BRL-197", offerName: "Sourdough Masterclass (BRL)", productId: 1101, role: "front", currency: "brl", priceCents: 19700, commissionRate: 0.4, weight: 30 },
      { offerCode: "SDM-USD-49", offerName: "Sourdough Masterclass (USD)", productId: 1101, role: "front", currency: "usd", priceCents: 4900, commissionRate: 0.4, weight: 10 },
      { offerCode: "HBC-BRL-297", offerName: "Home Barista Course (BRL)", productId: 1102, role: "front", currency: "brl", priceCents: 29700, commissionRate: 0.35, weight: 18 },
      { offerCode: "HBC-USD-69", offerName: "Home Barista Course (USD)", productId: 1102, role: "front", currency: "usd", priceCents: 6900, commissionRate: 0.35, weight: 6 },
      { offerCode: "CIS-BRL-349", offerName: "Cast Iron Skillet Kit", productId: 1103, role: "front", currency: "brl", priceCents: 34990, commissionRate: 0.15, weight: 12 },
      { offerCode: "FCS-BRL-189", offerName: "Fermentation Crock Set", productId: 1104, role: "front", currency: "brl", priceCents: 18990, commissionRate: 0.15, weight: 8 },
      { offerCode: "REB-BRL-27", offerName: "Recipe eBook Bundle (bump)", productId: 1105, role: "order_bump", currency: "brl", priceCents: 2700, commissionRate: 0.3, weight: 1 },
      { offerCode: "REB-USD-9", offerName: "Recipe eBook Bundle (bump, USD)", productId: 1105, role: "order_bump", currency: "usd", priceCents: 900, commissionRate: 0.3, weight: 1 },
      { offerCode: "PCC-BRL-497", offerName: "Private Coaching Call", productId: 1106, role: "upsell", currency: "brl", priceCents: 49700, commissionRate: 0.2, weight: 1 },
      { offerCode: "PCC-USD-129", offerName: "Private Coaching Call (USD)", productId: 1106, role: "upsell", currency: "usd", priceCents: 12900, commissionRate: 0.2, weight: 1 },
      { offerCode: "MPL-BRL-47", offerName: "Meal Planner Lite", productId: 1107, role: "downsell", currency: "brl", priceCents: 4700, commissionRate: 0.3, weight: 1 },
      { offerCode: "MPL-USD-19", offerName: "Meal Planner Lite (USD)", productId: 1107, role: "downsell", currency: "usd", priceCents: 1900, commissionRate: 0.3, weight: 1 },
    ],
    affiliates: [
      { affiliateId: 7001, affiliateName: "Jules Martin", weight: 45 },
      { affiliateId: 7002, affiliateName: "Camila Rocha", weight: 25 },
      { affiliateId: 7003, affiliateName: "Pedro Alves", weight: 20 },
      { affiliateId: 7004, affiliateName: "Nina Costa", weight: 10 },
    ],
  },
  {
    creatorNo: 2,
    creatorName: "Northwind Studio",
    baseCheckoutsPerDay: 30,
    affiliateShare: 0.2,
    hourWeights: ATLANTIC_HOURS,
    products: [
      { productId: 2201, productName: "Lightroom Mastery", productType: "digital", supplierName: null, createdAt: "2023-04-01T12:00:00Z" },
      { productId: 2202, productName: "Film Look Presets", productType: "digital", supplierName: null, createdAt: "2023-06-01T12:00:00Z" },
      { productId: 2203, productName: "Studio Lighting Guide", productType: "physical", supplierName: "Printwerk GmbH", createdAt: "2024-02-01T12:00:00Z" },
      { productId: 2204, productName: "Preset Pack Mini", productType: "digital", supplierName: null, createdAt: "2023-06-01T12:00:00Z" },
      { productId: 2205, productName: "Portfolio Review", productType: "digital", supplierName: null, createdAt: "2023-07-01T12:00:00Z" },
      { productId: 2206, productName: "Preset Pack Lite", productType: "digital", supplierName: null, createdAt: "2023-07-01T12:00:00Z" },
    ],
    offers: [
      { offerCode: "LRM-USD-89", offerName: "Lightroom Mastery", productId: 2201, role: "front", currency: "usd", priceCents: 8900, commissionRate: 0.4, weight: 20 },
      { offerCode: "LRM-EUR-79", offerName: "Lightroom Mastery (EUR)", productId: 2201, role: "front", currency: "eur", priceCents: 7900, commissionRate: 0.4, weight: 14 },
      { offerCode: "FLP-USD-29", offerName: "Film Look Presets", productId: 2202, role: "front", currency: "usd", priceCents: 2900, commissionRate: 0.5, weight: 16 },
      { offerCode: "FLP-EUR-27", offerName: "Film Look Presets (EUR)", productId: 2202, role: "front", currency: "eur", priceCents: 2700, commissionRate: 0.5, weight: 10 },
      { offerCode: "SLG-EUR-39", offerName: "Studio Lighting Guide (print)", productId: 2203, role: "front", currency: "eur", priceCents: 3900, commissionRate: 0.2, weight: 6 },
      { offerCode: "PPM-USD-12", offerName: "Preset Pack Mini (bump)", productId: 2204, role: "order_bump", currency: "usd", priceCents: 1200, commissionRate: 0.3, weight: 1 },
      { offerCode: "PPM-EUR-11", offerName: "Preset Pack Mini (bump, EUR)", productId: 2204, role: "order_bump", currency: "eur", priceCents: 1100, commissionRate: 0.3, weight: 1 },
      { offerCode: "PFR-USD-149", offerName: "Portfolio Review", productId: 2205, role: "upsell", currency: "usd", priceCents: 14900, commissionRate: 0.2, weight: 1 },
      { offerCode: "PFR-EUR-139", offerName: "Portfolio Review (EUR)", productId: 2205, role: "upsell", currency: "eur", priceCents: 13900, commissionRate: 0.2, weight: 1 },
      { offerCode: "PPL-USD-19", offerName: "Preset Pack Lite", productId: 2206, role: "downsell", currency: "usd", priceCents: 1900, commissionRate: 0.3, weight: 1 },
      { offerCode: "PPL-EUR-17", offerName: "Preset Pack Lite (EUR)", productId: 2206, role: "downsell", currency: "eur", priceCents: 1700, commissionRate: 0.3, weight: 1 },
    ],
    affiliates: [
      { affiliateId: 7101, affiliateName: "Oliver Grant", weight: 60 },
      { affiliateId: 7102, affiliateName: "Sofia Weber", weight: 40 },
    ],
  },
];

export function creatorByNo(no: number): Creator {
  const creator = CREATORS.find((c) => c.creatorNo === no);
  if (!creator) throw new Error(`unknown creator ${no}`);
  return creator;
}

export function productOf(creator: Creator, productId: number): Product {
  const product = creator.products.find((p) => p.productId === productId);
  if (!product) throw new Error(`unknown product ${productId}`);
  return product;
}

/** The offer of a role in the same currency as the front offer, if the creator has one. */
export function companionOffer(creator: Creator, role: OfferRole, currency: Currency): Offer | undefined {
  return creator.offers.find((o) => o.role === role && o.currency === currency);
}
