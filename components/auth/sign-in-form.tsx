"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { useFailureText } from "@/components/i18n/use-failure-text";
import { signInAction } from "@/lib/actions/auth/sign-in";
import type { DemoAccount } from "@/lib/auth/demo-accounts";
import { safeCallbackPath } from "@/lib/auth/safe-callback";
import { DemoAccounts } from "./demo-accounts";

type Mode = "key" | "client";
type Props = { callbackPath: string; stagingAvailable: boolean; demoAccounts: DemoAccount[] };

const field = "mt-1 block w-full rounded-lg border border-zinc-300 bg-white px-3 py-2.5 text-sm shadow-sm focus:border-emerald-600 focus:outline-none focus:ring-2 focus:ring-emerald-600/30 dark:border-zinc-700 dark:bg-zinc-900";

export function SignInForm({ callbackPath, stagingAvailable, demoAccounts }: Props) {
  const t = useTranslations("auth.signIn");
  const failureText = useFailureText();
  const router = useRouter();
  const [mode, setMode] = useState<Mode>("key");
  const [apiKey, setApiKey] = useState("");
  const [clientId, setClientId] = useState("");
  const [name, setName] = useState("");
  const [target, setTarget] = useState<"production" | "staging">("production");
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setPending(true);
    setError(null);
    let result: Awaited<ReturnType<typeof signInAction>>;
    try {
      result = await signInAction({ apiKey, clientId: mode === "client" ? clientId : "", name, target, callbackUrl: callbackPath });
    } catch {
      // The server could not be reached, or failed without an answer of ours.
      result = { ok: false, error: { code: "network", message: "Sign-in failed: the dashboard did not answer. Check your connection and try again." } };
    }
    setPending(false);
    if (!result.ok) {
      setError(failureText.signIn(result.error));
      return;
    }
    setApiKey("");
    // The action already chose a safe path; checked again here because this is where the browser goes.
    router.replace(safeCallbackPath(result.data.redirectTo));
    router.refresh();
  }

  function fillDemo(account: DemoAccount, flow: Mode) {
    setMode(flow);
    setApiKey(account.apiKey);
    setClientId(flow === "client" ? account.clientId : "");
    setName(account.label);
  }

  return (
    // method="post": a form submitted before this script has run must not put the key in a URL.
    <form method="post" onSubmit={submit} className="mt-8 space-y-5" aria-describedby={error ? "sign-in-error" : undefined}>
      <div role="tablist" aria-label={t("credentialType")} className="grid grid-cols-2 rounded-lg bg-zinc-100 p-1 text-sm dark:bg-zinc-900">
        {(["key", "client"] as const).map((m) => (
          <button key={m} type="button" role="tab" aria-selected={mode === m} onClick={() => setMode(m)}
            className={`rounded-md px-3 py-2 font-medium ${mode === m ? "bg-white shadow-sm dark:bg-zinc-800" : "text-zinc-600 dark:text-zinc-400"}`}>
            {m === "key" ? t("tabKey") : t("tabClient")}
          </button>
        ))}
      </div>
      {mode === "client" && (
        <label className="block text-sm font-medium">
          {t("clientId")}
          <input className={field} name="clientId" autoComplete="username" required value={clientId} onChange={(e) => setClientId(e.target.value)} />
        </label>
      )}
      <label className="block text-sm font-medium">
        {t("apiKey")}
        <input className={field} name="apiKey" type="password" autoComplete="current-password" required value={apiKey} onChange={(e) => setApiKey(e.target.value)} />
      </label>
      <label className="block text-sm font-medium">
        {t("accountName")} <span className="font-normal text-zinc-600 dark:text-zinc-400">{t("accountNameHint")}</span>
        <input className={field} name="name" maxLength={60} value={name} onChange={(e) => setName(e.target.value)} />
      </label>
      {stagingAvailable && (
        <fieldset className="text-sm">
          <legend className="font-medium">{t("environment")}</legend>
          <div className="mt-2 flex gap-4">
            {(["production", "staging"] as const).map((env) => (
              <label key={env} className="inline-flex items-center gap-2">
                <input type="radio" name="target" value={env} checked={target === env} onChange={() => setTarget(env)} /> {t(env)}
              </label>
            ))}
          </div>
        </fieldset>
      )}
      {error && (
        <p id="sign-in-error" role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200">
          {error}
        </p>
      )}
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? t("checking") : t("submit")}
      </Button>
      {demoAccounts.length > 0 && <DemoAccounts accounts={demoAccounts} onUse={fillDemo} />}
    </form>
  );
}
