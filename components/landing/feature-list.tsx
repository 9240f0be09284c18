import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { CartIcon, ChargebackIcon, OrdersIcon, RefundIcon, RevenueIcon } from "./feature-icons";
import { frame } from "@/components/ui/surface";

const features: { id: "revenue" | "orders" | "abandonment" | "refunds" | "chargebacks"; icon: ReactNode }[] = [
  { id: "revenue", icon: <RevenueIcon /> },
  { id: "orders", icon: <OrdersIcon /> },
  { id: "abandonment", icon: <CartIcon /> },
  { id: "refunds", icon: <RefundIcon /> },
  { id: "chargebacks", icon: <ChargebackIcon /> },
];

export function FeatureList() {
  const t = useTranslations("landing");
  return (
    <ul aria-label={t("featuresLabel")} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
      {features.map((feature) => (
        <li
          key={feature.id}
          className={frame("flex gap-4 bg-white/70 p-4 shadow-sm backdrop-blur sm:block dark:bg-zinc-900/60")}
        >
          <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-lg bg-emerald-50 text-emerald-700 dark:bg-emerald-500/10 dark:text-emerald-300">
            {feature.icon}
          </span>
          <div>
            <h2 className="text-sm font-semibold sm:mt-3">{t(`features.${feature.id}.title`)}</h2>
            <p className="mt-1 text-sm leading-relaxed text-zinc-600 dark:text-zinc-400">{t(`features.${feature.id}.text`)}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}
