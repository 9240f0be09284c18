"use client";

import { useCallback } from "react";
import { useCodeLabel } from "@/components/i18n/use-code-label";
import type { CodeDimension, NamedDimension } from "@/lib/i18n/code-labels";
import type { FilterKey } from "@/lib/report-params/definitions";

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

/** A filter value in words ("Pix", "Brazil"), the same in the chips and the dropdowns. */
export function useFilterValueLabel(): (key: FilterKey, value: string) => string {
  const label = useCodeLabel();
  return useCallback((key, value) => label(DIMENSION[key], value), [label]);
}
