"use client";

import { useState, useTransition } from "react";
import { setAssumedCurrencyAction } from "@/lib/actions/account/set-assumed-currency";
import { actionFailureText } from "@/lib/actions/action-result";

const COMMON = ["BRL", "USD", "EUR", "GBP", "MXN", "ARS", "CLP", "COP", "PEN", "CAD", "AUD"];

// The currency of sales that come without one (the field notes: the API may omit it).
export function AssumedCurrencyForm({ current }: { current: string | null }) {
  const [value, setValue] = useState(current?.toUpperCase() ?? "");
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [pending, startTransition] = useTransition();
  const save = (currency: string) =>
    startTransition(async () => {
      const result = await setAssumedCurrencyAction({ currency });
      if (!result.ok) return setMessage({ ok: false, text: actionFailureText(result.error) });
      setMessage({ ok: true, text: "Saved. Reloading the report…" });
      // Every figure of the page depends on it: load the report again.
      window.location.reload();
    });
  return (
    <form className="space-y-2" onSubmit={(event) => { event.preventDefault(); save(value); }}>
      <label htmlFor="assumed-currency" className="block text-xs font-medium text-zinc-700 dark:text-zinc-300">Assumed currency for sales without one</label>
      <div className="flex gap-2">
        <input id="assumed-currency" name="currency" list="common-currencies" value={value} onChange={(e) => setValue(e.target.value)} placeholder="Automatic" maxLength={3} autoComplete="off"
          className="w-28 rounded-md border border-zinc-300 bg-white px-2 py-1 text-sm uppercase dark:border-zinc-700 dark:bg-zinc-900" />
        <datalist id="common-currencies">{COMMON.map((c) => <option key={c} value={c} />)}</datalist>
        <button type="submit" disabled={pending} className="rounded-md bg-zinc-900 px-3 py-1 text-sm font-medium text-white disabled:opacity-50 dark:bg-zinc-100 dark:text-zinc-900">Save</button>
      </div>
      <p className="text-xs text-zinc-600 dark:text-zinc-400">Empty: the most common currency of the account&apos;s sales in each report.</p>
      {message && <p data-testid="assumed-currency-message" role={message.ok ? "status" : "alert"} className={`text-xs ${message.ok ? "text-emerald-700 dark:text-emerald-400" : "text-red-700 dark:text-red-400"}`}>{message.text}</p>}
    </form>
  );
}
