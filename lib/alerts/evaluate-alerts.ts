import "server-only";

// After a sync pass: each alert the account switched on is judged on the mirror as the pass
// left it, and its episodes step (alert-episodes.ts): a condition that starts to hold opens one,
// one that has been clear for the quiet period resolves it. The steps are written before any
// message goes: the messages are then derived from the episodes (deliver-alerts.ts), so an
// instance that stops between the two loses nothing and sends nothing twice.
import { randomBytes } from "node:crypto";
import { isoDay } from "@/lib/calendar";
import { log } from "@/lib/log/server-log";
import type { MirroredClient } from "@/lib/mirror/range-reader";
import type { LoadOptions } from "@/lib/reports/server/load-options";
import { errorKind, type KeyType } from "@/lib/sales-api";
import type { AlertEpisode, AlertStore } from "@/lib/store/alert-store";
import type { MirrorStore } from "@/lib/store/mirror-store";
import { rulesFor, type KindRule } from "./alert-kinds";
import { stepEpisode, type AlertSignal, type EpisodeEvent } from "./alert-episodes";
import { chargebackProjectionSignals } from "./chargeback-projection";
import { declineRiseSignals } from "./decline-rise";
import { refundSpikeSignals } from "./refund-spike";
import { salesDropSignals } from "./sales-drop";
import { unreadableDaysSignals } from "./unreadable-days";

export interface AlertJudge {
  alerts: AlertStore;
  mirror: Pick<MirrorStore, "listDays">;
  /** The synced window (days back from today, UTC) and the resources synced. */
  syncDays: number;
  resources: readonly string[];
  newId?: () => string;
  /**
   * When each account's slow kinds were last judged (the process's): the loss alerts read a month
   * of records and move by the day, so they are judged once an hour, not after every pass.
   */
  judgedAt?: Map<string, number>;
}

/** Kinds judged once an hour at most (AlertJudge.judgedAt). */
const HOURLY: ReadonlySet<string> = new Set(["chargeback_projection", "refund_spike"]);
const HOUR_MS = 3_600_000;

export interface AlertRequest {
  keyType: KeyType;
  at: number;
  /** The pass ended on the upstream refusing the key (401): only that is judged. */
  refused?: boolean;
}

export interface EpisodeChange {
  episode: Pick<AlertEpisode, "id" | "kind" | "subject">;
  event: EpisodeEvent;
}

const newEpisodeId = () => randomBytes(12).toString("base64url");

/** The kind's signals, or null when it could not be judged this time (its open episodes stay as they are). */
async function signalsOf(judge: AlertJudge, client: MirroredClient, rule: KindRule, request: AlertRequest, options: LoadOptions): Promise<AlertSignal[] | null> {
  if (rule.kind === "key_refused") return [{ kind: rule.kind, subject: "key", firing: request.refused === true, facts: {} }];
  if (request.refused) return null;
  switch (rule.kind) {
    case "sales_drop":
      return salesDropSignals(client, { keyType: request.keyType, timeZone: rule.timeZone ?? "UTC", at: request.at, threshold: rule.threshold! }, options);
    case "decline_rise":
      return declineRiseSignals(client, { at: request.at, threshold: rule.threshold! }, options);
    case "chargeback_projection":
      return chargebackProjectionSignals(client, { keyType: request.keyType, timeZone: rule.timeZone ?? "UTC", at: request.at, threshold: rule.threshold! }, options);
    case "refund_spike":
      return refundSpikeSignals(client, { keyType: request.keyType, timeZone: rule.timeZone ?? "UTC", at: request.at, threshold: rule.threshold! }, options);
    case "unreadable_days":
      return unreadableDaysSignals(judge.mirror, client.identity, { resources: judge.resources, today: isoDay(new Date(request.at)), days: judge.syncDays });
  }
}

/** Judges the account's alerts that are on; answers the episodes opened and resolved. One kind that cannot be judged (its reads failed) stops no other. */
export async function evaluateAlerts(judge: AlertJudge, client: MirroredClient, request: AlertRequest, options: LoadOptions = {}): Promise<EpisodeChange[]> {
  const account = client.identity;
  const rules = rulesFor(request.keyType, await judge.alerts.rules(account)).filter((r) => r.enabled);
  if (rules.length === 0) return [];
  const open = new Map((await judge.alerts.episodes(account, { since: request.at, limit: 1000 })).filter((e) => e.resolvedAt === null).map((e) => [`${e.kind}\n${e.subject}`, e]));
  const changes: EpisodeChange[] = [];
  for (const rule of rules) {
    if (options.signal?.aborted) break;
    const slow = `${account}\n${rule.kind}`;
    if (HOURLY.has(rule.kind) && judge.judgedAt && request.at - (judge.judgedAt.get(slow) ?? -Infinity) < HOUR_MS) continue;
    let judged: AlertSignal[] | null;
    try {
      judged = await signalsOf(judge, client, rule, request, options);
      if (HOURLY.has(rule.kind) && judged !== null) judge.judgedAt?.set(slow, request.at);
    } catch (error) {
      log("warn", { event: "alert_failed", kind: rule.kind, errorName: errorKind(error) });
      continue;
    }
    if (judged === null) continue;
    // A subject of an open episode that the kind no longer judges (a PSP gone quiet, a currency
    // with too few sales to tell) counts as clear: its episode resolves after the quiet period.
    const said = new Set(judged.map((s) => s.subject));
    const gone = [...open.values()].filter((e) => e.kind === rule.kind && !said.has(e.subject)).map((e): AlertSignal => ({ kind: e.kind, subject: e.subject, firing: false, facts: JSON.parse(e.lastFacts) as unknown }));
    const signals = [...judged, ...gone];
    for (const signal of signals) {
      const step = stepEpisode(open.get(`${signal.kind}\n${signal.subject}`) ?? null, signal, request.at, account, judge.newId ?? newEpisodeId);
      if (step.action === "open") {
        const stored = await judge.alerts.open(step.episode);
        // Another instance opened it first: that one's "fired" is the one told.
        if (stored.id === step.episode.id) changes.push({ episode: stored, event: "fired" });
      } else if (step.action === "update") {
        await judge.alerts.update(step.id, step.change);
        if (step.event) changes.push({ episode: { id: step.id, kind: signal.kind, subject: signal.subject }, event: step.event });
      }
    }
  }
  return changes;
}
