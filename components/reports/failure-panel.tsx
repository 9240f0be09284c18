"use client";

import { useTranslations } from "next-intl";
import type { ReportFailure } from "@/lib/reports/report-failure-view";
import { danger } from "@/components/ui/surface";

// What happened, what to do, and the upstream reference, for any failed report. The server
// describes a failure in English with its kind; the kind's words are the reader's language.
// `worded`: the failure's title and action are already in the reader's language.
export function FailurePanel({ failure, worded = false }: { failure: ReportFailure; worded?: boolean }) {
  const t = useTranslations("report.failure");
  const key = `kinds.${failure.kind}` as const;
  const translated = !worded && t.has(`${key}.title`);
  const title = translated ? t(`${key}.title`) : failure.title;
  const action = translated ? t(`${key}.action`, { seconds: failure.retryAfterSeconds ?? 60 }) : failure.action;
  return (
    <div role="alert" data-testid="report-failure" className={danger("p-5 text-sm")}>
      <p className="font-semibold">{title}</p>
      <p className="mt-1">{action}</p>
      {failure.kind === "invalid_token" && (
        <p className="mt-2">
          <a className="font-medium underline" href="/sign-in">{t("signInAgain")}</a>
        </p>
      )}
      {failure.correlationId && <p className="mt-2 font-mono text-xs">{t("reference", { id: failure.correlationId })}</p>}
    </div>
  );
}
