"use client";

import { useLocale, useTranslations } from "next-intl";
import type { FormEvent } from "react";
import { useSettingsAction } from "@/components/i18n/use-settings-action";
import { useInstant } from "@/components/i18n/use-instant";
import { frame } from "@/components/ui/surface";
import { dangerOutlineButton, outlineButton } from "@/components/ui/button-style";
import { stopDigestAction } from "@/lib/actions/digests/stop-digest";
import { subscribeDigestAction } from "@/lib/actions/digests/subscribe-digest";
import type { DigestSendItem, DigestSubscriptionItem } from "@/lib/digests/digest-subscriptions";
import { LOCALE_NAMES, isAppLocale } from "@/lib/i18n/locales";
import { isCadence, SUBSCRIPTION_KINDS } from "@/lib/digests/digest-period";
import { parseAlertSendKey } from "@/lib/alerts/alert-send-key";
import { isKeyStoppedSendKey } from "@/lib/digests/key-stopped-send-key";
import { parseSendFailure } from "@/lib/digests/send-failure";
import type { AlertKind } from "@/lib/alerts/alert-kinds";
import { useAlertSubject } from "@/components/alerts/alert-subject";

/** `episodes`: the alerts' episodes the sends list may name (lib/alerts/alert-settings.ts). */
export function DigestSettings({ subscriptions, sends, mailOn, episodes }: { subscriptions: DigestSubscriptionItem[]; sends: DigestSendItem[]; mailOn: boolean; episodes: ReadonlyArray<{ id: string; kind: string; subject: string }> }) {
  const t = useTranslations("digests.settings");
  const cadenceWord = useTranslations("digests.cadence");
  const kindName = useTranslations("alerts.kinds");
  const failureWords = useTranslations("digests.settings.sendFailure");
  // A failure kept as a code (lib/digests/send-failure.ts) in the reader's words; one kept before the codes, as it was written.
  const detailText = (detail: string) => {
    const failure = parseSendFailure(detail);
    return failure ? failureWords(failure.code, { value: failure.value }) : detail;
  };
  const subjectOf = useAlertSubject();
  const locale = useLocale();
  const instant = useInstant();
  const { act, failure, notice, pending } = useSettingsAction();
  const zone = typeof Intl !== "undefined" ? Intl.DateTimeFormat().resolvedOptions().timeZone : "UTC";

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const element = event.currentTarget;
    const form = new FormData(element);
    act(() => subscribeDigestAction({ address: String(form.get("address") ?? ""), cadence: String(form.get("cadence") ?? "weekly"), timeZone: zone }), (data) => t(form.get("cadence") === "alerts" ? "subscribedAlerts" : "subscribed", { address: data.address }), () => element.reset());
  };
  const periodOf = (send: DigestSendItem) => {
    const alert = parseAlertSendKey(send.period);
    if (alert) {
      const episode = episodes.find((e) => e.id === alert.episodeId);
      const name = episode ? kindName(`${episode.kind as AlertKind}.name`) : t("alertGone");
      const subject = episode ? subjectOf(episode.kind, episode.subject) : "";
      return t(`alertSend.${alert.event}`, { name: subject ? `${name} · ${subject}` : name });
    }
    if (isKeyStoppedSendKey(send.period)) return t("keyStoppedSend");
    const [cadence, day] = send.period.split(":");
    return t(send.toWebhook ? "periodWebhook" : "period", { cadence: cadence && isCadence(cadence) ? cadenceWord(cadence) : (cadence ?? ""), day: day ?? "" });
  };

  return (
    <div className="min-w-0 max-w-2xl space-y-5">
      <h1 className="text-2xl font-semibold tracking-tight">{t("title")}</h1>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("intro")}</p>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("when")}</p>
      {!mailOn && <p role="status" data-testid="digests-off" className={frame("p-3 text-sm")}>{t("mailOff")}</p>}
      {failure && <p role="alert" data-testid="digests-failure" className="text-sm text-red-700 dark:text-red-400">{failure}</p>}
      {notice && <p role="status" data-testid="digests-notice" className="text-sm">{notice}</p>}

      {mailOn && (
        <form onSubmit={submit} className={frame("space-y-3 p-4")} data-testid="digest-form">
          <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
            <label className="flex min-w-0 flex-1 flex-col gap-1 text-sm">
              <span className="font-medium">{t("address")}</span>
              <input name="address" type="email" required maxLength={254} autoComplete="email" data-testid="digest-address"
                className="rounded-md border border-zinc-300 bg-white px-3 py-2 dark:border-zinc-700 dark:bg-zinc-900" />
            </label>
            <label className="flex flex-col gap-1 text-sm">
              <span className="font-medium">{t("cadenceLabel")}</span>
              <select name="cadence" defaultValue="weekly" data-testid="digest-cadence" className="rounded-md border border-zinc-300 bg-white px-3 py-2 dark:border-zinc-700 dark:bg-zinc-900">
                {SUBSCRIPTION_KINDS.map((c) => <option key={c} value={c}>{t(`cadenceOption.${c}`)}</option>)}
              </select>
            </label>
            <button type="submit" disabled={pending} data-testid="digest-subscribe" className={outlineButton()}>{t("subscribe")}</button>
          </div>
          <p className="text-xs text-zinc-600 dark:text-zinc-400" suppressHydrationWarning>{t("zone", { zone, language: isAppLocale(locale) ? LOCALE_NAMES[locale] : locale })}</p>
        </form>
      )}

      <section className="space-y-2">
        <h2 className="text-lg font-semibold">{t("listTitle")}</h2>
        {subscriptions.length === 0 ? (
          <p className="text-sm" data-testid="digests-empty">{t("none")}</p>
        ) : (
          <ul className="space-y-2">
            {subscriptions.map((s) => (
              <li key={s.id} data-testid="digest-row" data-confirmed={s.confirmed} className={frame("flex flex-wrap items-center justify-between gap-2 p-3 text-sm")}>
                <span className="min-w-0">
                  <span className="font-medium break-all">{s.address ?? t("unreadable")}</span> · {cadenceWord(s.cadence)} · {s.timeZone}
                  <span className="block text-zinc-600 dark:text-zinc-400" data-testid="digest-state">{s.confirmed ? t("active") : t("pending")}</span>
                </span>
                <button type="button" disabled={pending} data-testid="digest-stop" className={dangerOutlineButton()}
                  onClick={() => act(() => stopDigestAction({ id: s.id }), (data) => (data.address ? t("removed", { address: data.address }) : t("removedUnreadable")))}>
                  {t("remove")}
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="space-y-2">
        <h2 className="text-lg font-semibold">{t("sentTitle")}</h2>
        {sends.length === 0 ? (
          <p className="text-sm">{t("noSends")}</p>
        ) : (
          <ul className="space-y-1 text-sm" data-testid="digest-sends">
            {sends.map((send) => (
              <li key={`${send.subscriptionId}-${send.period}`} data-status={send.status}>
                {periodOf(send)} · {t(`status.${send.status}`)} · {instant(send.at)}{send.detail ? ` · ${detailText(send.detail)}` : ""}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
