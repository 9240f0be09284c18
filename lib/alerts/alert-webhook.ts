import "server-only";

// An alert's message as a webhook's JSON: what happened, to which subject, when, the facts as
// figures (as the mail tells them: never a customer's data), and `text`, the mail's words in
// the webhook's language, so that a Slack (or Mattermost, Discord-compatible) incoming webhook
// shows it as it is.
import type { AppLocale } from "@/lib/i18n/locales";
import { wordsFor } from "@/lib/digests/email-words";
import type { AlertEpisode } from "@/lib/store/alert-store";
import { alertText } from "./alert-email";
import type { EpisodeEvent } from "./alert-episodes";

export interface AlertWebhookBody {
  /** The delivery's id: one per episode and event, the same on every try. */
  id: string;
  type: `alert.${EpisodeEvent}`;
  alert: { kind: string; subject: string; openedAt: string; resolvedAt: string | null; facts: unknown };
  text: string;
}

export function alertWebhookBody(episode: AlertEpisode, event: EpisodeEvent, options: { locale: AppLocale; timeZone: string; baseUrl: string }): AlertWebhookBody {
  const facts = JSON.parse(event === "fired" ? episode.facts : episode.lastFacts) as unknown;
  const words = alertText({ kind: episode.kind, subject: episode.subject, event, facts }, { ...options, unsubscribeUrl: null }, wordsFor(options.locale, "alerts"));
  const text = [`*${words.subject}*`, ...words.lines, ...words.findings.map((f) => f.text), words.link ? `${words.link.text}: ${words.link.href}` : null].filter((line): line is string => Boolean(line)).join("\n");
  return {
    id: `${episode.id}.${event}`,
    type: `alert.${event}`,
    alert: { kind: episode.kind, subject: episode.subject, openedAt: new Date(episode.openedAt).toISOString(), resolvedAt: event === "resolved" && episode.resolvedAt !== null ? new Date(episode.resolvedAt).toISOString() : null, facts },
    text,
  };
}
