"use client";

import { useTranslations } from "next-intl";
import { useCallback, useMemo } from "react";
import { useCodeLabel } from "@/components/i18n/use-code-label";
import type { CodeDimension, NamedDimension } from "@/lib/i18n/code-labels";
import type { FilterKey } from "@/lib/report-params/definitions";
import { offerLabeler, type OfferChoice } from "@/lib/reports/offer-choices";

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
 * reads by its name among `offers` (the report's choices), with its code only where two offers
 * share the name; an offer they do not name reads as its code.
 */
export function useFilterValueLabel(offers?: readonly OfferChoice[]): (key: FilterKey, value: string) => string {
  const label = useCodeLabel();
  const t = useTranslations("filters");
  const offerLabel = useMemo(() => offerLabeler(offers ?? []), [offers]);
  return useCallback(
    (key, value) => {
      const offer = key === "offer" ? offerLabel(value) : null;
      if (offer) return offer.code ? t("offerWithCode", { name: offer.name, code: offer.code }) : offer.name;
      return label(DIMENSION[key], value);
    },
    [label, offerLabel, t],
  );
}
