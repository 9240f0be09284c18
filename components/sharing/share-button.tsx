"use client";

import dynamic from "next/dynamic";
import { useTranslations } from "next-intl";
import { useSearchParams } from "next/navigation";
import { useState } from "react";
import { parseReportParams, reportQuery } from "@/lib/report-params/parse";
import type { ReportId } from "@/lib/reports/report-definitions";
import { outlineButton } from "@/components/ui/button-style";

// Out of every report's first load: fetched on the first click (the page's JS budget).
const ShareDialog = dynamic(() => import("./share-dialog").then((m) => m.ShareDialog), { ssr: false });

// "Share": a link to a snapshot of this report (this range, these filters) that opens without
// a key. The link is shown once, here: the server keeps only its hash. Two places, like "Save
// view": beside the downloads from sm up ("header"), and in the Saved views menu ("menu"), a
// phone's only one (in a phone's header it would push the key figures below the first screen).
export function ShareButton({ report, query, placement = "header" }: { report: ReportId; query: string; placement?: "header" | "menu" }) {
  const t = useTranslations("sharing.create");
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);

  // A popover under the button: opening it moves nothing else on the page.
  return (
    <div className={placement === "header" ? "relative hidden sm:block" : "relative"}>
      <button type="button" data-testid={placement === "header" ? "share-open" : "share-open-menu"} aria-expanded={open} onClick={() => (open ? close() : setOpen(true))}
        className={outlineButton("bar", "w-full")}>
        {t("button")}
      </button>
      {open && <ShareDialog report={report} query={query} close={close} />}
    </div>
  );
}

/** The menu's Share: the report's query read from the URL, as the report's own header has it. */
export function ShareFromUrl({ report }: { report: ReportId }) {
  const search = useSearchParams();
  return <ShareButton report={report} query={reportQuery(parseReportParams(Object.fromEntries(search)).params)} placement="menu" />;
}
