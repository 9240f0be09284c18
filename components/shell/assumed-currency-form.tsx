"use client";

import { useTranslations } from "next-intl";
import { useState, useTransition } from "react";
import { useFailureText } from "@/components/i18n/use-failure-text";
import { setAssumedCurrencyAction } from "@/lib/actions/account/set-assumed-currency";
import { solidButton } from "@/components/ui/button-style";

const COMMON = ["BRL", "USD", "EUR", "GBP", "MXN", "ARS", "CLP", "COP", "PEN", "CAD", "AUD"];

// The currency of sales that come without one (the field notes: the API may omit it).
export function AssumedCurrencyForm({ current }: { current: string | null }) {
  const t = useTranslations("shell.currency");
  const failureText = useFailureText();
  const [value, setValue] = useState(current?.toUpperCase() ?? "");
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [pending, startTransition] = useTransition();
  const save = (currency: string) =>
    startTransition(async () => {
      const result = await setAssumedCurrencyAction({ currency });
      if (!result.ok) return setMessage({ ok: false, text: failureText.failure(result.error) });
      setMessage({ ok: true, text: t("saved") });
      // Every figure of the page depends on it: load the report again.
      window.location.reload();
    });
  return (
    <form className="space-y-2" onSubmit={(event) => { event.preventDefault(); save(value); }}>
      <label htmlFor="assumed-currency" className="block text-xs font-medium text-zinc-700 dark:text-zinc-300">{t("label")}</label>
      <div className="flex gap-2">
        <input id="assumed-currency" name="currency" list="common-currencies" value={value} onChange={(e) => setValue(e.target.value)} placeholder={t("placeholder")} maxLength={3} autoComplete="off"
          className="w-32 rounded-md border border-zinc-300 bg-white px-2 py-1 text-sm uppercase dark:border-zinc-700 dark:bg-zinc-900" />
        <datalist id="common-currencies">{COMMON.map((c) => <option key={c} value={c} />)}</datalist>
        <button type="submit" disabled={pending} className={solidButton()}>{t("save")}</button>
      </div>
      <p className="text-xs text-zinc-600 dark:text-zinc-400">{t("hint")}</p>
      {message && <p data-testid="assumed-currency-message" role={message.ok ? "status" : "alert"} className={`text-xs ${message.ok ? "text-emerald-700 dark:text-emerald-400" : "text-red-700 dark:text-red-400"}`}>{message.text}</p>}
    </form>
  );
}
