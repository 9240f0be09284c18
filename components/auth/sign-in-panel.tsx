import { useTranslations } from "next-intl";
import { LogoMark } from "@/components/brand/logo-mark";
import { LocaleSwitch } from "@/components/i18n/locale-switch";
import type { DemoAccount } from "@/lib/auth/demo-accounts";
import { SignInForm } from "./sign-in-form";

type Props = { callbackPath: string; notice?: string | null; stagingAvailable: boolean; demoAccounts: DemoAccount[] };

export function SignInPanel({ callbackPath, notice, stagingAvailable, demoAccounts }: Props) {
  const t = useTranslations("auth.signIn");
  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-md flex-col justify-center px-5 py-12">
      {/* A plain link: next/link's client code (prefetching) would be this page's largest script for one link home. */}
      <div className="mb-8 flex flex-wrap items-center justify-between gap-3">
        {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- on purpose, see above */}
        <a href="/" className="inline-flex items-center gap-2 text-sm font-semibold">
          <LogoMark className="size-7" /> Salesdash
        </a>
        <LocaleSwitch compact />
      </div>
      {notice && (
        <p role="status" data-testid="session-ended" className="mb-6 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-900 dark:bg-amber-950 dark:text-amber-100">
          {notice}
        </p>
      )}
      <h1 className="text-2xl font-semibold tracking-tight">{t("heading")}</h1>
      <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">
        {t("intro")}
      </p>
      <SignInForm callbackPath={callbackPath} stagingAvailable={stagingAvailable} demoAccounts={demoAccounts} />
    </main>
  );
}
