import "server-only";

// Telling an account's confirmed addresses (digests and alerts; not its webhook) that the key it
// kept was refused and deleted: once per address and kept key (the digests' store's claim, named
// "keyStopped:<when it was kept>", which the in-app list of sends shows too).
import { log } from "@/lib/log/server-log";
import { MailError } from "@/lib/mail/mailer";
import { openAddress } from "./digest-keys";
import { renderKeyStoppedEmail } from "./key-stopped-email";
import { keyStoppedSendKey } from "./key-stopped-send-key";
import { sendFailure } from "./send-failure";
import { localeOf, mailToSubscriber, STALE_CLAIM_MS, unsubscribePageUrl, type DigestSender } from "./send-digest";

/**
 * Answers how many addresses were told. Once per address (one subscribed to a digest and to
 * alerts gets one mail), each address on its own: a store or mail server that fails for one is
 * logged and the others are still told.
 */
export async function sendKeyStoppedNotice(sender: DigestSender, account: string, keptAt: number, at: number): Promise<number> {
  const key = keyStoppedSendKey(keptAt);
  const seen = new Set<string>();
  let told = 0;
  for (const s of await sender.store.list(account)) {
    if (s.confirmedAt === null || s.cadence === "webhook" || seen.has(s.addressKey)) continue;
    seen.add(s.addressKey);
    try {
      if (!(await sender.store.claimSend(s, key, at, at - STALE_CLAIM_MS))) continue;
      try {
        const mail = await renderKeyStoppedEmail({ locale: localeOf(s), signInUrl: `${sender.baseUrl.replace(/\/$/, "")}/sign-in`, unsubscribeUrl: unsubscribePageUrl(sender, s.id) });
        await mailToSubscriber(sender, s.id, openAddress(sender.keys, s.id, s.sealedAddress), mail, `<key-stopped.${s.id}.${keptAt}@salesdash>`);
      } catch (error) {
        log("warn", { event: "key_stopped_notice_failed", errorName: (error as Error)?.name ?? "unknown" });
        await sender.store.finishSend(s.id, key, at, "failed", at, error instanceof MailError ? error.failure : sendFailure("notice_failed"));
        continue;
      }
      await sender.store.finishSend(s.id, key, at, "sent", at, null);
      told++;
    } catch (error) {
      log("warn", { event: "key_stopped_notice_failed", kind: "store", errorName: (error as Error)?.name ?? "unknown" });
    }
  }
  return told;
}
