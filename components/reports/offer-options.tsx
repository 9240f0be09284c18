"use client";

import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import type { FilterKey, ReportParams } from "@/lib/report-params/definitions";
import type { OfferChoice } from "@/lib/reports/offer-choices";
import { offerGroups } from "@/lib/reports/offer-groups";

type Props = {
  /** The filter's codes (the range's, and those chosen). */
  options: string[];
  offers: readonly OfferChoice[];
  filters: ReportParams["filters"];
  label: (key: FilterKey, value: string) => string;
  /** One offer's checkbox, as every filter's. */
  option: (code: string) => ReactNode;
};

// The Offer popover: offers by name under their product, only the chosen products' when some are
// (and every offer already chosen, so it can be unticked).
export function OfferOptions({ options, offers, filters, label, option }: Props) {
  const t = useTranslations("filters");
  const groups = offerGroups(options, offers, { offers: filters.offer, products: filters.product }, { offer: (code) => label("offer", code), product: (key) => label("product", key) });
  if (groups.length === 0) return <p className="py-0.5 text-zinc-600 dark:text-zinc-300">{t("noOffersOfProducts")}</p>;
  return groups.map((group) => (
    <fieldset key={group.product ?? ""} className="mt-2 first-of-type:mt-0">
      <legend className="text-xs font-semibold text-zinc-600 dark:text-zinc-300">{group.product === null ? t("offersNotInRange") : label("product", group.product)}</legend>
      {group.codes.map(option)}
    </fieldset>
  ));
}
