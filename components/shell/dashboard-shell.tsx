import Link from "next/link";
import { Suspense, type ReactNode } from "react";
import { LogoMark } from "@/components/brand/logo-mark";
import { UpstreamStatus } from "@/components/landing/upstream-status";
import { UpstreamStatusPending } from "@/components/landing/upstream-status-badge";
import type { SessionAccount } from "@/lib/auth/session";
import { SignOutButton } from "@/components/auth/sign-out-button";
import { ReportProviders } from "@/components/providers/report-providers";
import { AccountMenu } from "./account-menu";
import { SyncStatus } from "./sync-status";

const NAV = [
  { href: "/revenue", label: "Revenue", creatorOnly: false },
  { href: "/orders", label: "Orders", creatorOnly: true },
  { href: "/abandonment", label: "Abandonment", creatorOnly: true },
  { href: "/refunds", label: "Refunds & chargebacks", creatorOnly: false },
];

export function DashboardShell({ account, children }: { account: SessionAccount; children: ReactNode }) {
  const items = NAV.filter((item) => !item.creatorOnly || account.keyType === "creator");
  return (
    <div className="min-h-dvh">
      <header className="border-b border-zinc-200 bg-white/80 dark:border-zinc-800 dark:bg-zinc-950/80">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-6 gap-y-2 px-5 py-3">
          <Link href="/revenue" className="inline-flex items-center gap-2 font-semibold">
            <LogoMark className="size-7" /> Salesdash
          </Link>
          <nav aria-label="Reports" className="flex gap-1 text-sm">
            {items.map((item) => (
              <Link key={item.href} href={item.href} className="rounded-md px-3 py-1.5 font-medium text-zinc-700 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800">
                {item.label}
              </Link>
            ))}
          </nav>
          <div className="ml-auto flex flex-wrap items-center gap-2 text-sm sm:gap-3">
            {/* Its own query client: the shell sits outside each report's providers. */}
            <ReportProviders>
              <SyncStatus />
            </ReportProviders>
            <Suspense fallback={<UpstreamStatusPending />}>
              <UpstreamStatus target={account.target} />
            </Suspense>
            {account.target === "staging" && <span className="rounded bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">Staging</span>}
            <AccountMenu account={account} />
            <SignOutButton />
          </div>
        </div>
      </header>
      <main className="mx-auto max-w-6xl px-5 py-8">{children}</main>
    </div>
  );
}
