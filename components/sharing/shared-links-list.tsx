"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useInstant } from "@/components/i18n/use-instant";
import { useState, useTransition } from "react";
import { useFailureText } from "@/components/i18n/use-failure-text";
import type { ActionResult } from "@/lib/actions/action-result";
import { revokeShareLinkAction } from "@/lib/actions/sharing/revoke-share-link";
import { rotateShareLinkAction } from "@/lib/actions/sharing/rotate-share-link";
import { parseReportParams } from "@/lib/report-params/parse";
import type { ShareLinkSummary } from "@/lib/sharing/share-links";
import { ShareUrlField } from "./share-url-field";
import { frame } from "@/components/ui/surface";
import { dangerOutlineButton, outlineButton } from "@/components/ui/button-style";
import { ScrollRegion } from "@/components/ui/scroll-region";

export function SharedLinksList({ links, limit }: { links: ShareLinkSummary[]; limit: number }) {
  const t = useTranslations("sharing.list");
  const presets = useTranslations("report.presets");
  const instant = useInstant();
  const failureText = useFailureText();
  const router = useRouter();
  const [failure, setFailure] = useState<string | null>(null);
  const [rotatedUrl, setRotatedUrl] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const at = (time: number | null) => (time === null ? "—" : instant(time));
  // A live link's preset is named (its days move with it); any other link shows its days.
  const range = (link: ShareLinkSummary) => {
    const { params } = parseReportParams(Object.fromEntries(new URLSearchParams(link.query)));
    return params.preset && link.mode === "live" ? presets(params.preset) : `${params.from} – ${params.to}`;
  };
  // Turn off, or a new address: either changes the list, which the server then renders again.
  const act = <T,>(run: () => Promise<ActionResult<T>>, noAnswer: string, done?: (data: T) => void) =>
    startTransition(async () => {
      setFailure(null);
      setRotatedUrl(null);
      try {
        const result = await run();
        if (!result.ok) return setFailure(failureText.failure(result.error));
        done?.(result.data);
        router.refresh();
      } catch {
        setFailure(noAnswer);
      }
    });
  const revoke = (id: string) => act(() => revokeShareLinkAction({ id }), t("noAnswer"));
  const rotate = (id: string) => act(() => rotateShareLinkAction({ id }), t("rotateNoAnswer"), (data) => setRotatedUrl(`${window.location.origin}${data.path}`));
  const active = links.filter((link) => link.status === "active").length;
  const actions = (link: ShareLinkSummary) =>
    link.status === "active" && (
      <span className="inline-flex flex-wrap justify-end gap-2">
        <button type="button" disabled={pending} onClick={() => rotate(link.id)} data-testid="shared-link-rotate" title={t("rotateLabel")}
          className={outlineButton()}>
          {t("rotate")}
        </button>
        <button type="button" disabled={pending} onClick={() => revoke(link.id)} data-testid="shared-link-revoke"
          className={dangerOutlineButton()}>
          {t("revoke")}
        </button>
      </span>
    );

  return (
    <div className="min-w-0 space-y-4">
      <h1 className="text-2xl font-semibold tracking-tight">{t("title")}</h1>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("intro")}</p>
      <p className="text-sm" data-testid="shared-links-count">{t("activeCount", { active, limit })}{active >= limit ? ` ${t("atLimit")}` : ""}</p>
      {failure && <p role="alert" className="text-sm text-red-700 dark:text-red-400">{failure}</p>}
      {rotatedUrl && (
        <div role="status" data-testid="shared-link-rotated" className={frame("space-y-2 p-3 text-sm")}>
          <p>{t("rotated")}</p>
          <ShareUrlField url={rotatedUrl} testId="shared-link-new-url" />
        </div>
      )}
      {links.length === 0 ? (
        <p data-testid="shared-links-empty" className="text-sm">{t("empty")}</p>
      ) : (
        <>
        {/* A phone: one card per link (a table of nine columns would not fit). */}
        <ul className="space-y-3 sm:hidden" data-testid="shared-link-cards">
          {links.map((link) => (
            <li key={link.id} data-testid="shared-link-card" data-status={link.status} className={frame("p-3 text-sm")}>
              <p className="font-medium">{t(`reports.${link.report}`)} · {range(link)}</p>
              <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
                <dt className="text-zinc-600 dark:text-zinc-400">{t("col.kind")}</dt><dd>{t(`mode.${link.mode}`)}{link.hasPassword ? ` · ${t("withPassword")}` : ""}</dd>
                <dt className="text-zinc-600 dark:text-zinc-400">{t("col.expires")}</dt><dd>{at(link.expiresAt)}</dd>
                <dt className="text-zinc-600 dark:text-zinc-400">{t("col.status")}</dt><dd>{t(`status.${link.status}`)}</dd>
                <dt className="text-zinc-600 dark:text-zinc-400">{t("col.views")}</dt><dd className="tabular-nums">{link.views}</dd>
                <dt className="text-zinc-600 dark:text-zinc-400">{t("col.lastOpened")}</dt><dd>{at(link.lastOpenedAt)}</dd>
              </dl>
              {link.status === "active" && <div className="mt-2">{actions(link)}</div>}
            </li>
          ))}
        </ul>
        <ScrollRegion surface="frame" className="hidden sm:block" label={t("title")}>
          <table className="w-full text-left text-sm" data-testid="shared-links">
            <thead className="bg-zinc-50 text-xs uppercase text-zinc-600 dark:bg-zinc-900 dark:text-zinc-400">
              <tr>
                <th className="px-3 py-2">{t("col.report")}</th><th className="px-3 py-2">{t("col.range")}</th><th className="px-3 py-2">{t("col.kind")}</th>
                <th className="px-3 py-2">{t("col.created")}</th><th className="px-3 py-2">{t("col.expires")}</th><th className="px-3 py-2">{t("col.status")}</th>
                <th className="px-3 py-2 text-right">{t("col.views")}</th><th className="px-3 py-2">{t("col.lastOpened")}</th><th className="px-3 py-2"><span className="sr-only">{t("col.actions")}</span></th>
              </tr>
            </thead>
            <tbody>
              {links.map((link) => (
                <tr key={link.id} data-testid="shared-link-row" data-link-id={link.id} data-status={link.status} className="border-t border-zinc-200 dark:border-zinc-800">
                  <td className="px-3 py-2 font-medium">{t(`reports.${link.report}`)}</td>
                  <td className="px-3 py-2">{range(link)}</td>
                  <td className="px-3 py-2">{t(`mode.${link.mode}`)}{link.hasPassword ? ` · ${t("withPassword")}` : ""}</td>
                  <td className="px-3 py-2">{at(link.createdAt)}</td>
                  <td className="px-3 py-2">{at(link.expiresAt)}</td>
                  <td className="px-3 py-2" data-testid="shared-link-status">{t(`status.${link.status}`)}</td>
                  <td className="px-3 py-2 text-right tabular-nums" data-testid="shared-link-views">{link.views}</td>
                  <td className="px-3 py-2" data-testid="shared-link-last-opened">{at(link.lastOpenedAt)}</td>
                  <td className="px-3 py-2 text-right">{actions(link)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
        </>
      )}
    </div>
  );
}
