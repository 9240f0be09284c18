import "server-only";

// What the digests (and the alerts' mails) are sent with: the process's mail server, the
// digests' keys and the dashboard's address, and the fact tables the digest's figures are read
// from. The digests due are queued and sent by the job queue (digest-jobs.ts).
import { getReportEventFactStore, getReportFactStore } from "@/lib/mirror/mirror-access";
import type { LoadOptions } from "@/lib/reports/server/load-options";
import { getMailer } from "@/lib/mail/mailer";
import { getServerEnv } from "@/lib/env";
import { digestStore } from "@/lib/store/app-stores";
import { getDigestKeys } from "./digest-keys";
import type { DigestSender } from "./send-digest";

/** The process's sender, or null without a mail server or a public address for the links. */
export function getDigestSender(): DigestSender | null {
  const mailer = getMailer();
  const baseUrl = getServerEnv().NEXTAUTH_URL;
  return mailer && baseUrl ? { store: digestStore(), mailer, keys: getDigestKeys(), baseUrl } : null;
}

/** The fact tables the Overview reads (where the process's mirror writes them): the digest's standing and funds are its figures. */
export const overviewFacts = (): LoadOptions => ({ facts: getReportFactStore(), eventFacts: getReportEventFactStore() });
