"use client";

import { useTranslations } from "next-intl";
import { useInstant } from "@/components/i18n/use-instant";
import { useReportDay } from "@/components/reports/use-report-day";
import { parseReportParams } from "@/lib/report-params/parse";
import type { SharedSnapshot } from "@/lib/sharing/shared-snapshot";
import { SharedPanels } from "./shared-panels";

// A shared snapshot: the report's own panels, drawn from the stored view, under a header that
// says whose report it is, which days it covers, when it was made and until when the link
// works. Nothing here fetches, and nothing links to another report, range or filter.
export function SharedReport({ snapshot, token, link }: { snapshot: SharedSnapshot; token: string; link: { expiresAt: number; mode: "fixed" | "live" } }) {
  const t = useTranslations("sharing.page");
  const day = useReportDay();
  const { params } = parseReportParams(Object.fromEntries(new URLSearchParams(snapshot.query)), new Date(snapshot.builtAt));
  const at = useInstant();
  return (
    <main className="mx-auto max-w-6xl space-y-4 px-4 py-6 sm:space-y-6 sm:px-6" data-testid="shared-report" data-report={snapshot.report}>
      <header className="space-y-1">
        <p className="text-sm font-semibold text-zinc-600 dark:text-zinc-400">Salesdash · {snapshot.accountLabel ? t("sharedBy", { account: snapshot.accountLabel }) : t("shared")}</p>
        <h1 className="text-2xl font-semibold tracking-tight">{t(`report.${snapshot.report}.${snapshot.keyType}`)}</h1>
        <p className="text-sm text-zinc-700 dark:text-zinc-300" data-testid="shared-range">{t("range", { from: day(params.from), to: day(params.to), zone: params.tz })}</p>
        <p className="text-sm text-zinc-700 dark:text-zinc-300" data-testid="shared-built">
          {link.mode === "live" ? t("builtLive", { when: at(snapshot.builtAt) }) : t("builtFixed", { when: at(snapshot.builtAt) })} {t("expires", { when: at(link.expiresAt) })}
        </p>
        <p className="text-xs text-zinc-600 dark:text-zinc-400">{t("privacy")}</p>
      </header>
      <SharedPanels snapshot={snapshot} params={params} csvHref={(dataset) => `/s/${token}/csv/${dataset}`} />
    </main>
  );
}
