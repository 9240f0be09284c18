import "server-only";

// The digests due for an account, sent after a pass of its background sync (the pass has just
// brought its days up to date, and the sync's lease makes one instance do it): each confirmed
// subscription's digest of the last whole period, unless that period's was sent already (the
// store's claim, lib/store/digest-store.ts). Nothing when no mail server is configured.
import type { MirroredClient } from "@/lib/mirror/range-reader";
import { getReportEventFactStore, getReportFactStore } from "@/lib/mirror/mirror-access";
import type { LoadOptions } from "@/lib/reports/server/load-options";
import { getMailer } from "@/lib/mail/mailer";
import { getServerEnv } from "@/lib/env";
import { log } from "@/lib/log/server-log";
import { digestStore } from "@/lib/store/app-stores";
import { getDigestKeys } from "./digest-keys";
import { isCadence } from "./digest-period";
import { sendDigest, type DigestSendResult, type DigestSender } from "./send-digest";

/** The process's sender, or null without a mail server or a public address for the links. */
export function getDigestSender(): DigestSender | null {
  const mailer = getMailer();
  const baseUrl = getServerEnv().NEXTAUTH_URL;
  return mailer && baseUrl ? { store: digestStore(), mailer, keys: getDigestKeys(), baseUrl } : null;
}

/** The fact tables the Overview reads (where the process's mirror writes them): the digest's standing and funds are its figures. */
export const overviewFacts = (): LoadOptions => ({ facts: getReportFactStore(), eventFacts: getReportEventFactStore() });

/**
 * `options.signal`: the sync's, so that a sign-out or "Forget my data" stops between digests.
 * A subscription that fails is logged and left for the next pass; the others go on.
 */
export async function sendDueDigests(client: MirroredClient, at: number, sender: DigestSender | null = getDigestSender(), options: LoadOptions = overviewFacts()): Promise<Array<DigestSendResult | "error">> {
  if (!sender) return [];
  const results: Array<DigestSendResult | "error"> = [];
  for (const subscription of await sender.store.list(client.identity)) {
    if (options.signal?.aborted) break;
    if (subscription.confirmedAt === null || !isCadence(subscription.cadence)) continue;
    try {
      results.push(await sendDigest(sender, subscription, client, at, options));
    } catch (error) {
      log("warn", { event: "digest_failed", kind: "store", errorName: (error as Error)?.name ?? "unknown" });
      results.push("error");
    }
  }
  return results;
}
