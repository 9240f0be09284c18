import "server-only";

// What the digests (and the alerts' mails) are sent with: the process's mail server, the
// digests' keys and the dashboard's address, and the fact tables the digest's figures are read
// from. The digests due are queued and sent by the job queue (digest-jobs.ts).
import { getReportEventFactStore, getReportFactStore } from "@/lib/mirror/mirror-access";
import type { LoadOptions } from "@/lib/reports/server/load-options";
import { getMailer, MailError } from "@/lib/mail/mailer";
import { getServerEnv } from "@/lib/env";
import { digestStore } from "@/lib/store/app-stores";
import { getDigestKeys } from "./digest-keys";
import type { DigestSender } from "./send-digest";
import { sendFailure } from "./send-failure";

/** The process's sender, or null without a mail server or a public address for the links. */
export function getDigestSender(): DigestSender | null {
  const mailer = getMailer();
  const baseUrl = getServerEnv().NEXTAUTH_URL;
  return mailer && baseUrl ? { store: digestStore(), mailer, keys: getDigestKeys(), baseUrl, allowPrivateWebhooks: privateWebhooks() } : null;
}

/**
 * The process's sender for every destination: the mail server's, or without one (or without the
 * dashboard's address for the links) a sender whose alert mails fail in words and whose
 * addresses get no digest, while the account's webhook still gets its alerts and digest.
 */
export function getDeliverySender(): DigestSender | null {
  const withMail = getDigestSender();
  if (withMail) return withMail;
  if (!getServerEnv().AUTH_SECRET) return null;
  const mailer = { send: async () => Promise.reject(new MailError("This server has no mail server configured (SALESDASH_SMTP_URL).", sendFailure("mail_off"))), close: () => undefined };
  return { store: digestStore(), mailer, keys: getDigestKeys(), baseUrl: getServerEnv().NEXTAUTH_URL ?? "", allowPrivateWebhooks: privateWebhooks(), mailOn: false };
}

/** SALESDASH_WEBHOOK_PRIVATE=allow: a webhook may be on a private network (lib/webhooks/webhook-target.ts). */
const privateWebhooks = () => getServerEnv().SALESDASH_WEBHOOK_PRIVATE === "allow";

/** The fact tables the Overview reads (where the process's mirror writes them): the digest's standing and funds are its figures. */
export const overviewFacts = (): LoadOptions => ({ facts: getReportFactStore(), eventFacts: getReportEventFactStore() });
