// The digests due go out after a pass of the account's background sync: a confirmed weekly
// subscription gets the last week's digest once, however many passes follow; a subscription not
// confirmed gets nothing.
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { addressKeyOf, deriveDigestKeys, sealAddress } from "@/lib/digests/digest-keys";
import { sendDueDigests } from "@/lib/digests/due-digests";
import type { DigestSender } from "@/lib/digests/send-digest";
import { createMailer } from "@/lib/mail/mailer";
import { MemoryDigestStore, type DigestSubscription } from "@/lib/store/digest-store";
import { SqliteMirrorStore } from "@/lib/store/sqlite-mirror-store";
import { mirrorSandbox } from "../support/mirror-sandbox";
import { startSync, stopAccountSync, tempDataDir, waitFor } from "../support/mirror-sync";
import { startSmtpSink } from "../support/smtp-sink";

const sandbox = mirrorSandbox();
const keys = deriveDigestKeys("digest-after-sync-secret-0123456789abcdef");
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
beforeAll(async () => void (sink = await startSmtpSink()));
afterAll(async () => sink?.stop());

it("sends the week's digest after a pass, once over several passes, and only to a confirmed address", async () => {
  const mirror = new SqliteMirrorStore(path.join(tempDataDir(), "mirror.sqlite"));
  const sender: DigestSender = { store: new MemoryDigestStore(), mailer: createMailer(sink.url, "Salesdash <digests@salesdash.test>"), keys, baseUrl: "https://dash.example" };
  let passes = 0;
  const failures: unknown[] = [];
  const account = startSync(sandbox.sb, "creator", mirror, {
    days: 20,
    pauseMs: 50,
    afterPass: async (client, at) => {
      try {
        // The subscriptions are made once the account's identity is known (at the first pass).
        if (passes === 0) {
          for (const [id, confirmedAt, address] of [["sub-confirmed-1", 1, "owner@creator.test"], ["sub-pending-2", null, "other@creator.test"]] as const) {
            const s: DigestSubscription = { id, account: client.identity, sealedAddress: sealAddress(keys, id, address), addressKey: addressKeyOf(keys, address), cadence: "weekly", locale: "en", timeZone: "America/Sao_Paulo", keyType: "creator", createdAt: 1, confirmedAt };
            await sender.store.create(s);
          }
        }
        await sendDueDigests(client, at, sender, {});
      } catch (error) {
        failures.push(error); // the sync would swallow it: the test says it at once
      }
      passes++;
    },
  });
  try {
    await waitFor(async () => passes >= 3, "three passes");
    expect(failures).toEqual([]);
  } finally {
    await stopAccountSync(account);
    sender.mailer.close();
    await mirror.close();
  }
  expect(sink.received.map((m) => [m.to, m.parsed.subject])).toEqual([[["owner@creator.test"], "Salesdash: your week, Jun 8, 2026 – Jun 14, 2026"]]);
  expect(await sender.store.sends(account, 10)).toEqual([expect.objectContaining({ subscriptionId: "sub-confirmed-1", period: "weekly:2026-06-08", status: "sent", attempts: 1 })]);
});
