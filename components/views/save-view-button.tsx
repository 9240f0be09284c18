"use client";

import dynamic from "next/dynamic";
import { useTranslations } from "next-intl";
import { useCallback, useState } from "react";
import type { ReportId } from "@/lib/reports/report-definitions";
import { outlineButton } from "@/components/ui/button-style";

// Out of every report's first load: fetched on the first click (the page's JS budget).
const SaveViewDialog = dynamic(() => import("./save-view-dialog").then((m) => m.SaveViewDialog), { ssr: false });

// "Save view": the report as the URL holds it now, under a name (save-view-dialog.tsx).
//
// Two places: beside the report's downloads from sm up ("header"), and at the top of the
// navigation's "Saved views" menu ("menu"), which is where a phone finds it: one more row in
// the report's header would push the key figures below a phone's first screen.
export function SaveViewButton({ report, placement = "header" }: { report: ReportId; placement?: "header" | "menu" }) {
  const t = useTranslations("views.save");
  const [open, setOpen] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);
  const closed = useCallback((name: string | null) => {
    setOpen(false);
    if (name) setSaved(t("saved", { name }));
  }, [t]);

  return (
    <div className={placement === "header" ? "hidden flex-col items-end sm:flex" : "flex flex-col items-stretch"}>
      <button type="button" onClick={() => { setSaved(null); setOpen(true); }} data-testid={placement === "header" ? "save-view" : "save-view-menu"}
        className={outlineButton("bar")}>
        {t("button")}
      </button>
      {saved && <p role="status" data-testid="save-view-saved" className={`text-xs text-emerald-700 dark:text-emerald-400 ${placement === "header" ? "max-w-xs text-right" : "mt-1"}`}>{saved}</p>}
      {open && <SaveViewDialog report={report} onClosed={closed} />}
    </div>
  );
}
