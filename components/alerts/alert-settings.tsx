"use client";

// The account's alerts: each kind on or off with its threshold, saved together; and the episodes
// of the last 30 days, going on or resolved, with how many messages went out.
import { useTranslations } from "next-intl";
import type { FormEvent } from "react";
import { useSettingsAction } from "@/components/i18n/use-settings-action";
import { useInstant } from "@/components/i18n/use-instant";
import { frame } from "@/components/ui/surface";
import { outlineButton } from "@/components/ui/button-style";
import { saveAlertRulesAction } from "@/lib/actions/alerts/save-alert-rules";
import { removeWebhookAction } from "@/lib/actions/alerts/remove-webhook";
import { setWebhookAction } from "@/lib/actions/alerts/set-webhook";
import type { WebhookItem } from "@/lib/webhooks/account-webhook";
import { dangerOutlineButton } from "@/components/ui/button-style";
import { ALERT_SPECS, type AlertKind } from "@/lib/alerts/alert-kinds";
import type { AlertSettingsView } from "@/lib/alerts/alert-settings";
import { useAlertSubject } from "./alert-subject";
import { isCadence } from "@/lib/digests/digest-period";

export function AlertSettings({ view, webhook }: { view: AlertSettingsView; webhook: WebhookItem | null }) {
  const t = useTranslations("alerts.settings");
  const kinds = useTranslations("alerts.kinds");
  const cadences = useTranslations("digests.cadence");
  const subjectOf = useAlertSubject();
  const instant = useInstant();
  const { act, failure, notice, pending } = useSettingsAction();

  const submitWebhook = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const element = event.currentTarget;
    const form = new FormData(element);
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const chosen = String(form.get("digest") ?? "");
    const digest = isCadence(chosen) ? chosen : null;
    act(
      () => setWebhookAction({ url: String(form.get("url") ?? ""), secret: String(form.get("secret") ?? ""), timeZone: zone, digest }),
      (data) => (digest ? t("webhookSavedDigest", { host: data.host, cadence: cadences(digest) }) : t("webhookSaved", { host: data.host })),
      () => element.reset(),
    );
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const rules = view.rules.map((r) => {
      const text = String(form.get(`threshold-${r.kind}`) ?? "").trim();
      return { kind: r.kind, enabled: form.get(`enabled-${r.kind}`) === "on", threshold: r.threshold === null ? null : text === "" ? Number.NaN : Number(text) };
    });
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    act(() => saveAlertRulesAction({ rules, timeZone: zone }), () => t("saved"));
  };

  return (
    <section className="space-y-3" aria-labelledby="alerts-title">
      <h2 id="alerts-title" className="text-lg font-semibold">{t("title")}</h2>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("intro")}</p>
      {view.addresses === 0 && <p className="text-sm text-zinc-600 dark:text-zinc-400" data-testid="alerts-no-address">{t("noAddress")}</p>}
      {failure && <p role="alert" data-testid="alerts-failure" className="text-sm text-red-700 dark:text-red-400">{failure}</p>}
      {notice && <p role="status" data-testid="alerts-notice" className="text-sm">{notice}</p>}
      <form onSubmit={submit} className={frame("divide-y divide-zinc-200 dark:divide-zinc-800")} data-testid="alert-form">
        {view.rules.map((rule) => {
          const spec = ALERT_SPECS[rule.kind as AlertKind].threshold;
          return (
            <div key={rule.kind} className="space-y-2 p-4" data-testid="alert-rule" data-kind={rule.kind} data-enabled={rule.enabled}>
              <label className="flex items-start gap-3 text-sm">
                <input type="checkbox" name={`enabled-${rule.kind}`} defaultChecked={rule.enabled} data-testid={`alert-enabled-${rule.kind}`} className="mt-0.5 size-4" />
                <span className="min-w-0">
                  <span className="block font-medium">{kinds(`${rule.kind as AlertKind}.name`)}</span>
                  <span className="block text-zinc-600 dark:text-zinc-400">{kinds(`${rule.kind as AlertKind}.description`)}</span>
                </span>
              </label>
              {spec && rule.threshold !== null && (
                <label className="ml-7 flex flex-wrap items-center gap-2 text-sm">
                  <span>{kinds(`${rule.kind as "sales_drop" | "decline_rise" | "chargeback_projection" | "refund_spike"}.threshold`)}</span>
                  <input type="number" name={`threshold-${rule.kind}`} defaultValue={rule.threshold} min={spec.min} max={spec.max} step={spec.step} required data-testid={`alert-threshold-${rule.kind}`}
                    className="w-20 rounded-md border border-zinc-300 bg-white px-2 py-1 dark:border-zinc-700 dark:bg-zinc-900" />
                </label>
              )}
            </div>
          );
        })}
        <div className="p-4">
          <button type="submit" disabled={pending} data-testid="alert-save" className={outlineButton()}>{t("save")}</button>
        </div>
      </form>

      <h3 className="text-base font-semibold">{t("webhookTitle")}</h3>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("webhookIntro")}</p>
      {webhook ? (
        <div className={frame("flex flex-wrap items-center justify-between gap-2 p-3 text-sm")} data-testid="webhook-row">
          <span className="min-w-0 [overflow-wrap:anywhere]">
            {webhook.digest ? t("webhookSetDigest", { host: webhook.host ?? "?", at: instant(webhook.createdAt), cadence: cadences(webhook.digest) }) : t("webhookSet", { host: webhook.host ?? "?", at: instant(webhook.createdAt) })}
          </span>
          <button type="button" disabled={pending} data-testid="webhook-remove" className={dangerOutlineButton()} onClick={() => act(() => removeWebhookAction(), () => t("webhookRemoved"))}>
            {t("webhookRemove")}
          </button>
        </div>
      ) : null}
      <form onSubmit={submitWebhook} className={frame("space-y-3 p-4")} data-testid="webhook-form">
        <label className="flex flex-col gap-1 text-sm">
          <span className="font-medium">{t("webhookUrl")}</span>
          <input name="url" type="url" required maxLength={2000} placeholder="https://hooks.slack.com/services/…" data-testid="webhook-url" autoComplete="off"
            className="rounded-md border border-zinc-300 bg-white px-3 py-2 dark:border-zinc-700 dark:bg-zinc-900" />
        </label>
        <label className="flex flex-col gap-1 text-sm">
          <span className="font-medium">{t("webhookSecret")}</span>
          <input name="secret" type="password" required minLength={16} maxLength={200} data-testid="webhook-secret" autoComplete="new-password"
            className="rounded-md border border-zinc-300 bg-white px-3 py-2 dark:border-zinc-700 dark:bg-zinc-900" />
          <span className="text-xs text-zinc-600 dark:text-zinc-400">{t("webhookSecretHelp")}</span>
        </label>
        <label className="flex flex-col gap-1 text-sm">
          <span className="font-medium">{t("webhookDigest")}</span>
          <select name="digest" key={webhook?.digest ?? "none"} defaultValue={webhook?.digest ?? ""} data-testid="webhook-digest" className="rounded-md border border-zinc-300 bg-white px-3 py-2 dark:border-zinc-700 dark:bg-zinc-900">
            <option value="">{t("webhookDigestNone")}</option>
            <option value="daily">{t("webhookDigestDaily")}</option>
            <option value="weekly">{t("webhookDigestWeekly")}</option>
            <option value="monthly">{t("webhookDigestMonthly")}</option>
          </select>
          <span className="text-xs text-zinc-600 dark:text-zinc-400">{t("webhookDigestHelp")}</span>
        </label>
        <button type="submit" disabled={pending} data-testid="webhook-save" className={outlineButton()}>{webhook ? t("webhookReplace") : t("webhookSave")}</button>
      </form>

      <h3 className="text-base font-semibold">{t("historyTitle")}</h3>
      {view.episodes.length === 0 ? (
        <p className="text-sm" data-testid="alerts-empty">{t("noHistory")}</p>
      ) : (
        <ul className="space-y-1 text-sm" data-testid="alert-episodes">
          {view.episodes.map((e) => {
            const name = kinds(`${e.kind as AlertKind}.name`);
            const subject = subjectOf(e.kind, e.subject);
            return (
              <li key={e.id} data-testid="alert-episode" data-kind={e.kind} data-state={e.resolvedAt === null ? "open" : "resolved"}>
                <span className="font-medium">{subject ? `${name} · ${subject}` : name}</span> ·{" "}
                {e.resolvedAt === null ? t("open", { at: instant(e.openedAt) }) : t("resolved", { from: instant(e.openedAt), to: instant(e.resolvedAt) })} · {t("sent", { count: e.sent })}
                {e.failed > 0 ? ` · ${t("failed", { count: e.failed })}` : ""}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
