import { useTranslations } from "next-intl";
import { Suspense } from "react";
import { LogoMark } from "@/components/brand/logo-mark";
import { LocaleSwitch } from "@/components/i18n/locale-switch";
import { FeatureList } from "./feature-list";
import { PreviewCard } from "./preview-card";
import type { ShownUpstreamHealth } from "@/lib/upstream-health";
import { UpstreamStatus } from "./upstream-status";
import { UpstreamStatusPending } from "./upstream-status-badge";
import { callToAction } from "@/components/ui/button";

export function LandingPage({ health }: { health: Promise<ShownUpstreamHealth> }) {
  const t = useTranslations("landing");
  return (
    <div className="relative isolate flex min-h-dvh flex-col overflow-hidden">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 -top-40 -z-10 mx-auto h-[28rem] max-w-4xl rounded-full bg-gradient-to-tr from-emerald-300/40 via-teal-200/30 to-sky-300/30 blur-3xl dark:from-emerald-500/15 dark:via-teal-500/10 dark:to-sky-500/10"
      />
      <header className="mx-auto flex w-full max-w-5xl flex-wrap items-center justify-between gap-3 px-6 py-6">
        <span className="flex items-center gap-2.5 text-base font-semibold tracking-tight">
          <LogoMark className="size-7" />
          Salesdash
        </span>
        <div className="flex items-center gap-3">
          <LocaleSwitch compact />
          <span className="rounded-full border border-zinc-200 px-2.5 py-0.5 text-xs text-zinc-600 dark:border-zinc-800 dark:text-zinc-400">
            {t("badge")}
          </span>
        </div>
      </header>

      <main className="mx-auto flex w-full max-w-5xl flex-1 flex-col gap-14 px-6 pb-16 pt-8 sm:gap-16 sm:pt-16">
        <div className="grid items-center gap-12 lg:grid-cols-[minmax(0,1fr)_24rem]">
          <section aria-labelledby="hero-title">
            <p className="text-sm font-medium text-emerald-700 dark:text-emerald-400">
              {t("tagline")}
            </p>
            <h1 id="hero-title" className="mt-3 text-5xl font-semibold tracking-tight sm:text-6xl">
              Salesdash
            </h1>
            <p className="mt-6 max-w-xl text-lg leading-relaxed text-pretty text-zinc-600 dark:text-zinc-300">
              {t("intro")}
            </p>
            <div className="mt-8 flex flex-col items-start gap-4">
              {/* A plain link: the landing page then needs no script of its own (next/link's client code is ~3 KiB gzip). */}
              <a href="/sign-in" aria-describedby="sign-in-note"
                className={callToAction("hover:bg-zinc-700 dark:hover:bg-zinc-200")}>
                {t("signIn")}
              </a>
              <p id="sign-in-note" className="text-sm text-zinc-600 dark:text-zinc-400">
                {t("signInNote")}
              </p>
              <Suspense fallback={<UpstreamStatusPending />}>
                <UpstreamStatus health={health} />
              </Suspense>
            </div>
          </section>
          <div className="hidden lg:block">
            <PreviewCard />
          </div>
        </div>

        <FeatureList />
      </main>

      <footer className="mx-auto w-full max-w-5xl px-6 py-8 text-xs text-zinc-600 dark:text-zinc-400">
        {t("footer")}
      </footer>
    </div>
  );
}
