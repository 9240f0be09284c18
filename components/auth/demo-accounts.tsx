"use client";

import { useTranslations } from "next-intl";
import type { DemoAccount } from "@/lib/auth/demo-accounts";
import { outlineButton } from "@/components/ui/button-style";

type Props = { accounts: DemoAccount[]; onUse: (account: DemoAccount, flow: "key" | "client") => void };

// Demo only: the sandbox's credentials, to copy or to fill in. They open nothing but the
// local sandbox, which is why they may be shown at all.
export function DemoAccounts({ accounts, onUse }: Props) {
  const t = useTranslations("auth.demo");
  return (
    <section aria-labelledby="demo-accounts" className="rounded-xl border border-dashed border-emerald-300 bg-emerald-50/60 p-4 text-sm dark:border-emerald-800 dark:bg-emerald-950/30">
      <h2 id="demo-accounts" className="font-semibold">{t("title")}</h2>
      <ul className="mt-3 space-y-3">
        {accounts.map((account) => (
          <li key={account.role}>
            <p className="font-medium">
              {account.label} <span className="font-normal text-zinc-600 dark:text-zinc-400">· {t(`role.${account.role}`)}</span>
            </p>
            <p className="mt-1 break-all font-mono text-xs text-zinc-600 dark:text-zinc-400">
              clientId {account.clientId}
              <br />
              apiKey {account.apiKey}
            </p>
            <div className="mt-2 flex gap-2">
              <button type="button" className={outlineButton("xs", "bg-white dark:bg-zinc-900")} onClick={() => onUse(account, "key")}>
                {t("useKey")}
              </button>
              <button type="button" className={outlineButton("xs", "bg-white dark:bg-zinc-900")} onClick={() => onUse(account, "client")}>
                {t("useClient")}
              </button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
