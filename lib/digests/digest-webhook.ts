// A digest as a webhook's JSON: its figures as the query layer gave them (per currency, with their
// change, the changes that matter and what explains them, the standing and the funds; never a
// customer's data), and `text`, the mail's plain words in the webhook's language, so that a
// Slack (or Mattermost, Discord-compatible) incoming webhook shows it as a message.
import type { DigestContent } from "./digest-content";
import type { RenderedEmail } from "./digest-email";

export interface DigestWebhookBody {
  /** The delivery's id: one per subscription and period, the same on every try. */
  id: string;
  type: "digest";
  digest: DigestContent;
  text: string;
}

/** `id`: the digest's delivery id (send-digest.ts), which its mail's Message-ID carries too. */
export function digestWebhookDelivery(id: string, content: DigestContent, mail: RenderedEmail): { id: string; event: string; body: DigestWebhookBody } {
  return { id, event: "digest", body: { id, type: "digest", digest: content, text: `*${mail.subject}*\n\n${mail.text}` } };
}
