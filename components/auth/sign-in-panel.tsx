import { LogoMark } from "@/components/brand/logo-mark";
import type { DemoAccount } from "@/lib/auth/demo-accounts";
import { SignInForm } from "./sign-in-form";

type Props = { callbackPath: string; notice?: string | null; stagingAvailable: boolean; demoAccounts: DemoAccount[] };

export function SignInPanel({ callbackPath, notice, stagingAvailable, demoAccounts }: Props) {
  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-md flex-col justify-center px-5 py-12">
      {/* A plain link: next/link's client code (prefetching) would be this page's largest script for one link home. */}
      {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- on purpose, see above */}
      <a href="/" className="mb-8 inline-flex items-center gap-2 self-start text-sm font-semibold">
        <LogoMark className="size-7" /> Salesdash
      </a>
      {notice && (
        <p role="status" data-testid="session-ended" className="mb-6 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-900 dark:bg-amber-950 dark:text-amber-100">
          {notice}
        </p>
      )}
      <h1 className="text-2xl font-semibold tracking-tight">Sign in with your API credential</h1>
      <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">
        Use the API key the platform operator issued for your creator or affiliate account, or its client ID and key.
        The key stays on our server: it is checked once, stored encrypted, and never sent back to your browser.
      </p>
      <SignInForm callbackPath={callbackPath} stagingAvailable={stagingAvailable} demoAccounts={demoAccounts} />
    </main>
  );
}
