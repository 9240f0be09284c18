import "server-only";

// The account's alerts as the Digests page shows and saves them: every kind its key type has,
// on or off with its threshold, and the episodes of the last 30 days with how many addresses
// each message went to. Saving checks each threshold against its kind's bounds; switching a
// kind off drops its open episodes (it says nothing more of them).
import type { KeyType } from "@/lib/sales-api";
import type { AlertStore } from "@/lib/store/alert-store";
import type { DigestStore } from "@/lib/store/digest-store";
import { ALERT_SPECS, rulesFor, type AlertKind, type KindRule } from "./alert-kinds";
import { parseAlertSendKey } from "./alert-send-key";

export const HISTORY_MS = 30 * 24 * 3_600_000;

export interface AlertEpisodeItem {
  id: string;
  kind: string;
  subject: string;
  openedAt: number;
  resolvedAt: number | null;
  /** Messages of the episode sent, and failed (its last try), over every address. */
  sent: number;
  failed: number;
}

export interface AlertSettingsView {
  rules: KindRule[];
  episodes: AlertEpisodeItem[];
  /** Addresses confirmed for alerts. */
  addresses: number;
}

export async function loadAlertSettings(alerts: AlertStore, digests: DigestStore, account: string, keyType: KeyType, now = Date.now()): Promise<AlertSettingsView> {
  const [stored, episodes, subscriptions, sends] = await Promise.all([alerts.rules(account), alerts.episodes(account, { since: now - HISTORY_MS, limit: 100 }), digests.list(account), digests.sends(account, 500)]);
  const tally = new Map<string, { sent: number; failed: number }>();
  for (const send of sends) {
    const key = parseAlertSendKey(send.period);
    if (!key) continue;
    const t = tally.get(key.episodeId) ?? { sent: 0, failed: 0 };
    if (send.status === "sent") t.sent++;
    else if (send.status === "failed") t.failed++;
    tally.set(key.episodeId, t);
  }
  return {
    rules: rulesFor(keyType, stored),
    episodes: episodes.map((e) => ({ id: e.id, kind: e.kind, subject: e.subject, openedAt: e.openedAt, resolvedAt: e.resolvedAt, ...(tally.get(e.id) ?? { sent: 0, failed: 0 }) })),
    addresses: subscriptions.filter((s) => s.cadence === "alerts" && s.confirmedAt !== null).length,
  };
}

export type SaveOutcome = { ok: true } | { ok: false; kind: AlertKind; min: number; max: number };

/** Saves the key type's kinds as given (a kind not given keeps its rule); refuses a threshold out of its kind's bounds, saving nothing. */
export async function saveAlertRules(alerts: AlertStore, account: string, keyType: KeyType, given: ReadonlyArray<{ kind: AlertKind; enabled: boolean; threshold: number | null }>, timeZone: string): Promise<SaveOutcome> {
  const kinds = new Set(rulesFor(keyType, []).map((r) => r.kind));
  const wanted = given.filter((r) => kinds.has(r.kind));
  for (const rule of wanted) {
    const spec = ALERT_SPECS[rule.kind].threshold;
    if (spec && rule.threshold !== null && (rule.threshold < spec.min || rule.threshold > spec.max)) return { ok: false, kind: rule.kind, min: spec.min, max: spec.max };
  }
  const before = rulesFor(keyType, await alerts.rules(account));
  for (const rule of wanted) {
    const spec = ALERT_SPECS[rule.kind].threshold;
    await alerts.setRule(account, { kind: rule.kind, enabled: rule.enabled, threshold: spec ? (rule.threshold ?? spec.default) : null, timeZone });
    if (!rule.enabled && before.find((r) => r.kind === rule.kind)?.enabled) await alerts.dropOpen(account, rule.kind);
  }
  return { ok: true };
}
