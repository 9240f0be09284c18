import "server-only";

// Mail out, over SMTP (nodemailer): the one way the product writes to an inbox. Built once per
// process from SALESDASH_SMTP_URL and SALESDASH_MAIL_FROM; absent, nothing is sent and the
// pages that would send say so. The message's parts and headers are the caller's; the server's
// URL (which may hold its password) never leaves this module, in a log or an error.
import nodemailer, { type Transporter } from "nodemailer";
import { getServerEnv } from "@/lib/env";
import { processShared } from "@/lib/store/process-state";
import { sendFailure } from "@/lib/digests/send-failure";

export interface MailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
  headers?: Record<string, string>;
  /** A stable Message-ID: a mail sent again (a retry) is recognisably the same mail. */
  messageId?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/**
 * Why a send failed: in words (an action's answer) and as the in-app list's code
 * (lib/digests/send-failure.ts): the server's reply code and class, never its text (which may echo an address).
 */
export class MailError extends Error {
  constructor(
    readonly detail: string,
    readonly failure: string = sendFailure("mail_failed"),
  ) {
    super(detail);
    this.name = "MailError";
  }
}

function describe(error: unknown): MailError {
  const e = error as { responseCode?: number; code?: string };
  if (typeof e.responseCode === "number") return new MailError(`The mail server refused the message (SMTP ${e.responseCode}).`, sendFailure("mail_refused", e.responseCode));
  if (e.code === "ECONNECTION" || e.code === "ESOCKET" || e.code === "ETIMEDOUT" || e.code === "EDNS") return new MailError("The mail server could not be reached.", sendFailure("mail_unreachable"));
  if (e.code === "EAUTH") return new MailError("The mail server refused the dashboard's sign-in.", sendFailure("mail_auth"));
  return new MailError("The mail could not be sent.");
}

export function createMailer(url: string, from: string): Mailer {
  // Minutes, not nodemailer's ten: a mail server that hangs must not hold a digest's claim or a subscriber's page.
  const transport: Transporter = nodemailer.createTransport({ url, connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 });
  return {
    async send(message) {
      try {
        await transport.sendMail({ from, to: message.to, subject: message.subject, html: message.html, text: message.text, headers: message.headers, messageId: message.messageId });
      } catch (error) {
        throw describe(error);
      }
    },
    close: () => transport.close(),
  };
}

/** The process's mailer, or null when no mail server is configured. */
export function getMailer(): Mailer | null {
  const env = getServerEnv();
  if (!env.SALESDASH_SMTP_URL || !env.SALESDASH_MAIL_FROM) return null;
  return processShared("mailer", () => createMailer(env.SALESDASH_SMTP_URL!, env.SALESDASH_MAIL_FROM!));
}
