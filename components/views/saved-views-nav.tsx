"use client";

import { useTranslations } from "next-intl";
import { usePathname } from "next/navigation";
import { use, useRef } from "react";
import { REPORTS } from "@/lib/reports/report-definitions";
import { savedViewHref, type SavedViewItem } from "@/lib/views/saved-view-item";
import { SavedViewRow } from "./saved-view-row";
import { ShareFromUrl } from "@/components/sharing/share-button";
import { SaveViewButton } from "./save-view-button";
import { floating } from "@/components/ui/surface";
import { outlineButton } from "@/components/ui/button-style";

// On a phone the panel spans the screen's width (its containing block is the page: the
// disclosure is positioned only from sm up), so it never sticks out sideways; from sm up it
// hangs under its button.
const panelClass = floating("absolute inset-x-4 z-20 mt-2 max-h-[70dvh] overflow-y-auto p-3 shadow-lg sm:inset-x-auto sm:left-0 sm:w-80");
const summaryClass = outlineButton("bar", "cursor-pointer list-none");

/** The account's saved views beside the report links: each opens its report as saved, and can be deleted. `views`: null when they cannot be read. */
export function SavedViewsNav({ views }: { views: Promise<SavedViewItem[] | null> }) {
  const list = use(views);
  const t = useTranslations("views.nav");
  const reports = useTranslations("shell.nav");
  const details = useRef<HTMLDetailsElement>(null);
  // On a report's page the menu also saves it (a phone's only "Save view"; see save-view-button.tsx).
  const pathname = usePathname();
  const here = REPORTS.find((report) => report.path === pathname);
  return (
    <details ref={details} className="sm:relative" data-testid="saved-views">
      <summary className={summaryClass} data-testid="saved-views-toggle">
        {t("label")} {list && list.length > 0 && <span className="ml-1 rounded-full bg-zinc-200 px-1.5 text-xs text-zinc-800 dark:bg-zinc-700 dark:text-zinc-100">{list.length}</span>} <span aria-hidden="true">▾</span>
      </summary>
      <div className={`${panelClass} space-y-3`}>
        {here && <SaveViewButton report={here.id} placement="menu" />}
        {here && <ShareFromUrl report={here.id} />}
        {list === null ? (
          <p className="text-sm text-zinc-700 dark:text-zinc-300">{t("unavailable")}</p>
        ) : list.length === 0 ? (
          <p className="text-sm text-zinc-700 dark:text-zinc-300" data-testid="saved-views-empty">{t("empty")}</p>
        ) : (
          <nav aria-label={t("label")}>
            <ul className="space-y-1" data-testid="saved-views-list">
              {list.map((view) => (
                <SavedViewRow key={view.id} view={view} reportLabel={reports(view.report)} href={savedViewHref(view)} onOpen={() => details.current?.removeAttribute("open")} />
              ))}
            </ul>
          </nav>
        )}
      </div>
    </details>
  );
}

/** While the list loads: the button alone, so the header does not jump. */
export function SavedViewsNavPending() {
  const t = useTranslations("views.nav");
  return <span className={`${summaryClass} cursor-default`}>{t("label")}</span>;
}

