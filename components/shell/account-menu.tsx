import Link from "next/link";
import { useTranslations } from "next-intl";
import { LocaleSwitch } from "@/components/i18n/locale-switch";
import { generatedLabelKeyEnd } from "@/lib/auth/account-label";
import type { SessionAccount } from "@/lib/auth/session-decision";
import type { SessionSettings } from "@/lib/auth/session-settings";
import { AssumedCurrencyForm } from "./assumed-currency-form";
import { ForgetMyData } from "./forget-my-data";
import { KeptKeyForm } from "./kept-key-form";
import { floating } from "@/components/ui/surface";
import { outlineButton } from "@/components/ui/button-style";

// The account menu: who is signed in, the account's settings, its key kept for digests and
// alerts (or not), and "Forget my data". On a phone it spans the screen's width, wherever the
// header's wrapping put its button (a panel hung from the button ran off the screen).
// `settings`: read by the layout from the session (null once its vault entry is gone).
export function AccountMenu({ account, settings }: { account: SessionAccount; settings: SessionSettings | null }) {
  const t = useTranslations("shell.account");
  // A label made at sign-in (no name given) was written in English: worded here instead.
  const keyEnd = generatedLabelKeyEnd(account.label);
  return (
    <details className="group relative">
      <summary data-testid="account-menu" className={outlineButton("bar", "cursor-pointer list-none")}>
        <span data-testid="account-label">{keyEnd ? t("generatedLabel", { end: keyEnd }) : account.label} · {t(`keyType.${account.keyType}`)}</span> <span aria-hidden="true">▾</span>
      </summary>
      <div className={floating("fixed inset-x-4 z-20 mt-2 max-h-[80vh] space-y-4 overflow-y-auto p-4 shadow-lg sm:absolute sm:inset-x-auto sm:right-0 sm:max-h-none sm:w-72 sm:overflow-visible")}>
        <LocaleSwitch />
        <Link href="/shared-links" data-testid="shared-links-link" className="block text-sm font-medium underline-offset-2 hover:underline">{t("sharedLinks")}</Link>
        <Link href="/digests" data-testid="digests-link" className="block text-sm font-medium underline-offset-2 hover:underline">{t("digests")}</Link>
        {settings ? (
          <>
            <AssumedCurrencyForm current={settings.assumedCurrency} />
            <KeptKeyForm keptAt={settings.keyKeptAt} />
            <ForgetMyData />
          </>
        ) : (
          <p className="text-sm">{t("sessionEnded")}</p>
        )}
      </div>
    </details>
  );
}
