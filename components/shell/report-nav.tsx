"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { usePathname, useSearchParams } from "next/navigation";
import { withCarried } from "@/lib/report-params/report-links";

export interface NavItem { path: string; label: string }

const itemClass = "whitespace-nowrap rounded-md px-2.5 py-1 text-center sm:px-3 sm:py-1.5 font-medium text-zinc-700 hover:bg-zinc-100 aria-[current=page]:bg-zinc-900 aria-[current=page]:text-white dark:text-zinc-300 dark:hover:bg-zinc-800 dark:aria-[current=page]:bg-white dark:aria-[current=page]:text-zinc-900";

// On a phone the links take the full width under the brand and wrap at their own widths, so a
// long name ("Reembolsos e chargebacks") is never cut off and seven links fit in three short
// rows, leaving a report's first key figures on the first screen; from sm up they sit in the
// header's row as before.
const navClass = "order-last flex w-full flex-wrap justify-center gap-x-1 gap-y-0.5 sm:gap-1 text-sm sm:order-none sm:w-auto sm:justify-start";

/** The reports, each link keeping the range, comparison, zone and currency of the page open now; the current one marked. */
export function ReportNav({ items }: { items: NavItem[] }) {
  const pathname = usePathname();
  const search = useSearchParams();
  const t = useTranslations("shell.nav");
  return (
    <nav aria-label={t("label")} className={navClass}>
      {items.map((item) => (
        <Link key={item.path} href={withCarried(item.path, search)} aria-current={pathname === item.path ? "page" : undefined} className={itemClass}>
          {item.label}
        </Link>
      ))}
    </nav>
  );
}

/** Before the URL can be read (a static shell): the plain links. */
export function ReportNavFallback({ items }: { items: NavItem[] }) {
  const t = useTranslations("shell.nav");
  return (
    <nav aria-label={t("label")} className={navClass}>
      {items.map((item) => <Link key={item.path} href={item.path} className={itemClass}>{item.label}</Link>)}
    </nav>
  );
}
