"use client";

import { useSearchParams } from "next/navigation";
import { useTranslations } from "next-intl";
import { FailurePanel } from "@/components/reports/failure-panel";
import { FetchProgress } from "@/components/reports/fetch-progress";
import { QualityBanner } from "@/components/reports/quality-banner";
import type { KeyType } from "@/lib/auth/session-decision";
import { usePageZone } from "@/components/reports/use-browser-zone";
import { formatInstantInLocale } from "@/lib/format-instant";
import { useFormats } from "@/components/i18n/use-formats";
import { ReportStreamError } from "@/lib/reports/browser/read-report-stream";
import { useOverview } from "./use-overview";
import { OverviewTiles } from "./overview-tiles";
import { danger } from "@/components/ui/surface";

/** The page after sign-in: a few figures of today, the last 30 days and the coming days, each leading to its report. */
export function OverviewScreen({ keyType }: { keyType: KeyType }) {
  const t = useTranslations("overview");
  const f = useFormats();
  // Without a zone in the URL, the browser's: "today so far" is the browser's day, as Revenue's "Today".
  const tz = usePageZone(useSearchParams().get("tz"));
  const { data, error, isFetching, isPlaceholderData, progress } = useOverview(tz);
  return (
    <div className="space-y-4 sm:space-y-6" data-overview={keyType}>
      <header>
        <h1 className="text-2xl font-semibold tracking-tight">{t("title")}</h1>
        {data && (
          <p className="text-sm text-zinc-600 dark:text-zinc-400" data-testid="overview-now">
            {/* A time in UTC already says so ("… UTC"); another zone is named after it. */}
            {t("subtitle", { time: formatInstantInLocale(data.windows.now, f.locale, data.windows.tz) })}
            {isFetching && <> · {t("refreshing")}</>}
          </p>
        )}
      </header>
      {!data && !error && <FetchProgress progress={progress} />}
      {error && !isFetching && (error instanceof ReportStreamError ? <FailurePanel failure={error.failure} /> : (
        <p role="alert" className={danger("p-4 text-sm")}>{t("failed")}</p>
      ))}
      {data && (
        <div data-testid="overview-body" data-state={isPlaceholderData ? "previous" : "current"} className="space-y-4">
          <QualityBanner quality={data.quality} comparison={null} />
          <OverviewTiles view={data} />
        </div>
      )}
    </div>
  );
}
