"use client";

import { useTranslations } from "next-intl";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { useState } from "react";
import { useFormats } from "@/components/i18n/use-formats";
import type { ReportParams } from "@/lib/report-params/definitions";
import { reportQuery } from "@/lib/report-params/parse";
import { rangeWithData } from "@/lib/reports/empty-period";
import { card } from "@/components/ui/surface";

export type EmptyWhat = "sales" | "orders" | "checkouts" | "refunds";

// Stands in for a report's panels when its range holds no record: one sentence and a way out,
// never headings over empty charts. `offerWider` false (a shared snapshot): the sentence alone.
export function EmptyPeriod({ params, what, offerWider = true }: { params: ReportParams; what: EmptyWhat; offerWider?: boolean }) {
  const t = useTranslations("numbers");
  const f = useFormats();
  const pathname = usePathname();
  // The reader's today, read once: the offer is a preset range ending today.
  const [{ span, params: target }] = useState(() => rangeWithData(params));
  return (
    <section data-testid="empty-period" className={card("p-6 text-sm")}>
      <p className="text-base">{t("emptyPeriod", { what, from: f.day(params.from), to: f.day(params.to) })}</p>
      {offerWider && <p className="mt-2">
        <Link data-testid="empty-period-link" className="font-medium underline" href={`${pathname}?${reportQuery(target)}`}>
          {t("emptyPeriodLink", { span, from: f.day(target.from), to: f.day(target.to) })}
        </Link>
      </p>}
    </section>
  );
}
