import type { ReactNode } from "react";
import { CartIcon, ChargebackIcon, OrdersIcon, RefundIcon, RevenueIcon } from "./feature-icons";

type Feature = { title: string; text: string; icon: ReactNode };

const features: Feature[] = [
  { title: "Revenue", text: "Gross, net and your share, per currency, day by day.", icon: <RevenueIcon /> },
  { title: "Orders", text: "Every order with its offer, payment and delivery.", icon: <OrdersIcon /> },
  { title: "Abandoned carts", text: "Checkouts that stalled, and the ones you recovered.", icon: <CartIcon /> },
  { title: "Refunds", text: "What went back to customers, and when.", icon: <RefundIcon /> },
  { title: "Chargebacks", text: "Disputes and alerts before they pile up.", icon: <ChargebackIcon /> },
];

export function FeatureList() {
  return (
    <ul aria-label="What you will see" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
      {features.map((feature) => (
        <li
          key={feature.title}
          className="flex gap-4 rounded-xl border border-zinc-200 bg-white/70 p-4 shadow-sm backdrop-blur sm:block dark:border-zinc-800 dark:bg-zinc-900/60"
        >
          <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-lg bg-emerald-50 text-emerald-700 dark:bg-emerald-500/10 dark:text-emerald-300">
            {feature.icon}
          </span>
          <div>
            <h2 className="text-sm font-semibold sm:mt-3">{feature.title}</h2>
            <p className="mt-1 text-sm leading-relaxed text-zinc-600 dark:text-zinc-400">{feature.text}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}
