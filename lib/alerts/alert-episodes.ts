// An alert's episodes, step by step: a subject's condition that starts to hold opens an episode
// (its "fired" message); while it holds, or comes back within the quiet period, nothing more is
// said; once it has not held for the quiet period, the episode is resolved (its "resolved"
// message). A subject that cannot be judged this time (too few sales to tell) changes nothing.
// Pure: the store keeps the episodes, lib/alerts/evaluate-alerts.ts applies the steps.
import type { AlertEpisode } from "@/lib/store/alert-store";
import type { AlertEvent } from "./alert-send-key";

/**
 * How long a condition must stay clear before its episode is resolved: a figure that dips under
 * its line and back across a few passes (five minutes apart) is one episode, not three.
 */
export const QUIET_MS = 60 * 60_000;

/** One subject's judgement this time: whether the condition holds, and the facts told (JSON-safe). */
export interface AlertSignal {
  kind: string;
  subject: string;
  firing: boolean;
  facts: unknown;
}

export type EpisodeEvent = AlertEvent;

export type EpisodeStep =
  | { action: "open"; episode: AlertEpisode }
  | { action: "update"; id: string; change: Pick<AlertEpisode, "clearSince" | "resolvedAt" | "lastFacts">; event: EpisodeEvent | null }
  | { action: "none" };

/** What a signal does to its subject's open episode (or to none) at `at`. */
export function stepEpisode(open: AlertEpisode | null, signal: AlertSignal, at: number, account: string, newId: () => string): EpisodeStep {
  const facts = JSON.stringify(signal.facts);
  if (!open) {
    if (!signal.firing) return { action: "none" };
    return { action: "open", episode: { id: newId(), account, kind: signal.kind, subject: signal.subject, openedAt: at, clearSince: null, resolvedAt: null, facts, lastFacts: facts } };
  }
  if (signal.firing) return { action: "update", id: open.id, change: { clearSince: null, resolvedAt: null, lastFacts: facts }, event: null };
  const clearSince = open.clearSince ?? at;
  const resolved = at - clearSince >= QUIET_MS;
  return { action: "update", id: open.id, change: { clearSince, resolvedAt: resolved ? at : null, lastFacts: facts }, event: resolved ? "resolved" : null };
}
