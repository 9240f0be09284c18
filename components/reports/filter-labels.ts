"use client";

import { useCallback } from "react";
import { useCodeLabel } from "@/components/i18n/use-code-label";
import type { CodeDimension, NamedDimension } from "@/lib/i18n/code-labels";
import type { FilterKey } from "@/lib/report-params/definitions";
import type { OfferChoice } from "@/lib/reports/offer-choices";

const DIMENSION: Record<FilterKey, CodeDimension | NamedDimension> = {
  product: "product",
  offer: "offer",
  type: "purchaseType",
  method: "paymentMethod",
  psp: "psp",
  brand: "cardBrand",
  country: "country",
  affiliate: "affiliate",
};

/**
 * A filter value in words ("Pix", "Brazil"), the same in the chips and the dropdowns. An offer
 * reads as `offers` (the report's choices) word it, by its name; one they do not word, as its code.
 */
export function useFilterValueLabel(offers?: readonly OfferChoice[]): (key: FilterKey, value: string) => string {
  const label = useCodeLabel();
  return useCallback((key, value) => (key === "offer" && offers?.find((o) => o.code === value)?.label) || label(DIMENSION[key], value), [label, offers]);
}
