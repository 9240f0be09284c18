"use client";

import { useTranslations } from "next-intl";

/**
 * The one sentence every page with chargebacks says about them (Refunds, Affiliates, Payouts):
 * whether alerts and won disputes count, as lib/analytics/sale-losses.ts decides it once.
 * `money`: the page also shows what sales lost (Refunds, Payouts), not only how many.
 */
export function ChargebackRule({ money }: { money: boolean }) {
  const t = useTranslations("report");
  return (
    <p className="mt-1 text-xs text-zinc-600 sm:text-sm dark:text-zinc-400" data-testid="chargeback-rule">
      {t("chargebackRule")}{money ? ` ${t("chargebackRuleMoney")}` : ""}
    </p>
  );
}
