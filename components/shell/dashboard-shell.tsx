import Link from "next/link";
import { useTranslations } from "next-intl";
import { Suspense, type ReactNode } from "react";
import { LogoMark } from "@/components/brand/logo-mark";
import { UpstreamStatus } from "@/components/landing/upstream-status";
import { UpstreamStatusPending } from "@/components/landing/upstream-status-badge";
import type { SessionAccount } from "@/lib/auth/session-decision";
import type { SessionSettings } from "@/lib/auth/session-settings";
import type { ShownUpstreamHealth } from "@/lib/upstream-health";
import { SignOutButton } from "@/components/auth/sign-out-button";
import { SessionScope } from "@/components/providers/session-scope";
import type { SavedViewItem } from "@/lib/views/saved-view-item";
import { SavedViewsNav, SavedViewsNavPending } from "@/components/views/saved-views-nav";
import { ReportNav, ReportNavFallback } from "./report-nav";
import { AccountMenu } from "./account-menu";
import { SyncStatus } from "./sync-status";

/** A report of the navigation: its English label names it where the messages do not. */
export interface ShellReport { id: string; path: string; label: string }

interface Props { account: SessionAccount; reports: readonly ShellReport[]; settings: SessionSettings | null; scope: string; health: Promise<ShownUpstreamHealth>; savedViews: Promise<SavedViewItem[] | null>; children: ReactNode }

// Props in, markup out: the layout reads the session, the reports the key may open, the settings, the scope, the upstream's health and the saved views.
export function DashboardShell({ account, reports, settings, scope, health, savedViews, children }: Props) {
  const t = useTranslations("shell");
  const items = reports.map(({ id, path, label }) => ({ path, label: t.has(`nav.${id}` as "nav.revenue") ? t(`nav.${id}` as "nav.revenue") : label }));
  return (
    <SessionScope scope={scope}>
      <div className="min-h-dvh">
        <header className="border-b border-zinc-200 bg-white/80 dark:border-zinc-800 dark:bg-zinc-950/80">
          <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-6 gap-y-1 px-5 py-1.5 sm:gap-y-2 sm:py-3">
            <Link href="/overview" className="inline-flex items-center gap-2 font-semibold">
              <LogoMark className="size-7" /> Salesdash
            </Link>
            <Suspense fallback={<ReportNavFallback items={items} />}>
              <ReportNav items={items} />
            </Suspense>
            <Suspense fallback={<SavedViewsNavPending />}><SavedViewsNav views={savedViews} /></Suspense>
            <div className="ml-auto flex flex-wrap items-center gap-2 text-sm sm:gap-3">
              <SyncStatus />
              <Suspense fallback={<UpstreamStatusPending />}>
                <UpstreamStatus health={health} />
              </Suspense>
              {account.target === "staging" && <span className="rounded bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">{t("staging")}</span>}
              <AccountMenu account={account} settings={settings} />
              <SignOutButton />
            </div>
          </div>
        </header>
        <main className="mx-auto max-w-6xl px-5 py-5 sm:py-8">{children}</main>
      </div>
    </SessionScope>
  );
}
