// A digest POSTed to the account's webhook when the user chose one for it (issue #27: "by e-mail
// and webhook"): to a real HTTP receiver in the test process, once per period however many runs,
// signed, its figures the ground truth's, its text in the webhook's language, no customer's
// personal data; a webhook set for alerts only gets no digest, and the minute's tick queues the
// digest of a webhook that asked for one.
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inLocalRange, utcFetchWindow } from "@/lib/analytics/local-days";
import { creatorKpis } from "@/lib/analytics/revenue-kpis";
import { shiftDay } from "@/lib/calendar";
import { addressKeyOf, deriveDigestKeys, sealAddress } from "@/lib/digests/digest-keys";
import { listDigestSubscriptions } from "@/lib/digests/digest-subscriptions";
import { queueDueDigests, DIGEST_SEND, type DigestRunner } from "@/lib/digests/digest-jobs";
import { digestPeriod } from "@/lib/digests/digest-period";
import type { DigestWebhookBody } from "@/lib/digests/digest-webhook";
import { sendDigest, type DigestSender } from "@/lib/digests/send-digest";
import { formatMoney } from "@/lib/format";
import { createMailer } from "@/lib/mail/mailer";
import type { Purchase } from "@/lib/sales-api";
import { LocalQueue } from "@/lib/store/jobs/local-queue";
import { SqliteDigestStore } from "@/lib/store/sqlite-digest-store";
import { SqliteMirrorStore } from "@/lib/store/sqlite-mirror-store";
import { getWebhook, isWebhook, setWebhook } from "@/lib/webhooks/account-webhook";
import { verifyWebhookSignature } from "@/lib/webhooks/webhook-signature";
import { groundTruth } from "../../sandbox/ground-truth";
import { mirrorSandbox } from "../support/mirror-sandbox";
import { FIXED_NOW } from "../support/sandbox-process";
import { mirroredClient, NOW_MS, tempDataDir } from "../support/mirror-sync";
import { startWebhookReceiver } from "../support/webhook-receiver";
import { addToDigestTally, duplicatesOf } from "../support/digest-tally";

const sandbox = mirrorSandbox();
const ZONE = "America/Sao_Paulo";
const HOOK_SECRET = "digest-webhook-secret-0123456789";
const keys = deriveDigestKeys("digest-webhook-tests-secret-0123456789abcdef");
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let mirror: SqliteMirrorStore;
let sender: DigestSender;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  mirror = new SqliteMirrorStore(path.join(tempDataDir(), "mirror.sqlite"));
  // No mail goes anywhere in this file: the mailer points at a port nothing listens on.
  sender = { store: new SqliteDigestStore(path.join(tempDataDir(), "digests.sqlite")), mailer: createMailer("smtp://127.0.0.1:1", "Salesdash <digests@salesdash.test>"), keys, baseUrl: "https://dash.example", allowPrivateWebhooks: true };
});
afterAll(async () => {
  sender?.mailer.close();
  await receiver?.stop();
  await mirror?.close();
});

const client = () => mirroredClient(sandbox.sb, "creator", mirror);

async function webhookOf(account: string, digest: "weekly" | null, at = 1) {
  expect(await setWebhook({ store: sender.store, keys }, { account, keyType: "creator", url: receiver.url, secret: HOOK_SECRET, locale: "pt-BR", timeZone: ZONE, digest }, true, at)).toMatchObject({ ok: true });
  const hook = (await sender.store.list(account)).find(isWebhook);
  expect(hook).toBeDefined();
  return hook!;
}

describe("a digest to the account's webhook", () => {
  it("is POSTed once for the week, signed, with the ground truth's figures and the Portuguese text, and no customer's data", async () => {
    const hook = await webhookOf("acct-weekly", "weekly");
    expect(await getWebhook({ store: sender.store, keys }, "acct-weekly")).toMatchObject({ digest: "weekly" });
    receiver.received.length = 0;
    expect(await sendDigest(sender, hook, client(), NOW_MS)).toBe("sent");
    expect(await sendDigest(sender, hook, client(), NOW_MS + 3_600_000)).toBe("already_sent");
    expect(receiver.received).toHaveLength(1);
    const [post] = receiver.received;
    expect(post!.headers["x-salesdash-event"]).toBe("digest");
    expect(post!.headers["x-salesdash-delivery"]).toBe(`digest.${hook.id}.weekly.2026-06-08`);
    expect(verifyWebhookSignature(HOOK_SECRET, post!.headers["x-salesdash-signature"] as string, post!.body, Date.now())).toBe(true);
    expect(verifyWebhookSignature("another-secret-0123456789", post!.headers["x-salesdash-signature"] as string, post!.body, Date.now())).toBe(false);

    const body = JSON.parse(post!.body) as DigestWebhookBody;
    const { period } = digestPeriod("weekly", NOW_MS, ZONE);
    expect(body).toMatchObject({ type: "digest", digest: { cadence: "weekly", period, timeZone: ZONE, keyType: "creator" } });
    expect(body.text.startsWith("*Salesdash: sua semana, 8 de jun. de 2026 – 14 de jun. de 2026*")).toBe(true);
    // Its footer says why a webhook gets it; no unsubscribe link (its settings stop it).
    expect(body.text).toContain("Enviado a este webhook porque as configurações do Salesdash pedem este resumo");
    expect(body.text).not.toContain("endereço foi confirmado");
    expect(body.text).not.toContain("/api/digests/unsubscribe");

    // The week's sales as the ground truth has them, in the JSON and in the text.
    const window = utcFetchWindow(period.from, period.to, ZONE);
    const truth = (groundTruth({ now: FIXED_NOW }, "creator", "purchases", window.from, shiftDay(window.to, 1)) as unknown as Purchase[]).filter((p) => inLocalRange(p.checkoutInitializedAt, period.from, period.to, ZONE));
    const kpis = creatorKpis(truth);
    expect(kpis.length).toBeGreaterThan(0);
    let wrong = 0;
    const text = body.text.replace(/\s+/g, " ");
    for (const k of kpis) {
      const figures = body.digest.currencies.find((c) => c.currency === k.currency)?.figures ?? [];
      for (const key of ["transactionAmount", "creatorNet", "refunded", "orders", "purchases"] as const) {
        const figure = figures.find((f) => f.key === key);
        if (figure?.current !== k[key]) wrong++;
        expect(figure?.current, `${k.currency} ${key}`).toBe(k[key]);
      }
      const money = formatMoney(k.transactionAmount, k.currency, "pt-BR").replace(/\s+/g, " ");
      if (!text.includes(money)) wrong++;
      expect(text).toContain(money);
    }
    const personal = new Set((truth as unknown as Array<Record<string, unknown>>).flatMap((p) => ["customerName", "customerEmail", "customerPhone", "shippingAddress1", "shippingCity", "shippingZipcode"].map((f) => p[f])).filter((v): v is string => typeof v === "string" && v.length > 3));
    expect(personal.size).toBeGreaterThan(50);
    const leaked = [...personal].filter((v) => post!.body.includes(v));
    addToDigestTally({ sent: receiver.received.length, duplicates: duplicatesOf(receiver.received.map((h) => h.headers["x-salesdash-delivery"] as string)), wrongFigures: wrong, personalData: leaked.length });
    expect(leaked).toEqual([]);
    expect(await sender.store.sends("acct-weekly", 10)).toEqual([expect.objectContaining({ subscriptionId: hook.id, period: "weekly:2026-06-08", status: "sent", attempts: 1 })]);
  });

  it("is the week's for a webhook set during it; one set again after the week ended (replaced) starts with the next week, as a new address does", async () => {
    // Wednesday of the week 2026-06-08 – 06-14 (NOW_MS is Monday 06-15, 12:00 UTC).
    const midWeek = await webhookOf("acct-mid-week", "weekly", NOW_MS - 5 * 86_400_000);
    receiver.received.length = 0;
    expect(await sendDigest(sender, midWeek, client(), NOW_MS)).toBe("sent");
    expect(receiver.received.map((h) => h.headers["x-salesdash-delivery"])).toEqual([`digest.${midWeek.id}.weekly.2026-06-08`]);
    const replaced = await webhookOf("acct-mid-week", "weekly", NOW_MS - 60_000);
    expect(replaced.id).not.toBe(midWeek.id);
    expect(await sendDigest(sender, replaced, client(), NOW_MS)).toBe("not_due");
    expect(receiver.received).toHaveLength(1);
  });

  it("still goes on a server that sends no mail, while an address's digest is not due there", async () => {
    const noMail: DigestSender = { ...sender, mailOn: false };
    const hook = await webhookOf("acct-no-mail", "weekly");
    const address = { id: "mail-sub-no-mail-0001", account: "acct-no-mail", sealedAddress: sealAddress(keys, "mail-sub-no-mail-0001", "owner@creator.test"), addressKey: addressKeyOf(keys, "owner@creator.test"), cadence: "weekly" as const, locale: "en", timeZone: ZONE, keyType: "creator" as const, createdAt: 1, confirmedAt: 2 };
    expect(await sender.store.create(address)).toBe("created");
    receiver.received.length = 0;
    expect(await sendDigest(noMail, address, client(), NOW_MS)).toBe("not_due");
    expect(await sendDigest(noMail, hook, client(), NOW_MS)).toBe("sent");
    expect(receiver.received).toHaveLength(1);
    // The tick queues the webhook's alone.
    const queue = new LocalQueue({ file: path.join(tempDataDir(), "jobs.sqlite"), pollMs: 60_000 });
    try {
      await queue.define({ name: DIGEST_SEND, policy: "short", retryLimit: 0, retryDelaySeconds: 60, expireInSeconds: 900 });
      const runner: DigestRunner = { sender: noMail, accounts: async () => ["acct-no-mail"], clientOf: async () => client(), clock: () => NOW_MS + 7 * 86_400_000, options: {} };
      expect(await queueDueDigests(queue, runner)).toBe(1);
    } finally {
      await queue.stop();
    }
    // The in-app list says where it went.
    const { sends } = await listDigestSubscriptions(sender, "acct-no-mail");
    expect(sends).toEqual([expect.objectContaining({ subscriptionId: hook.id, period: "weekly:2026-06-08", status: "sent", toWebhook: true })]);
  });

  it("is not sent to a webhook set for alerts only", async () => {
    const hook = await webhookOf("acct-alerts-only", null);
    expect(await getWebhook({ store: sender.store, keys }, "acct-alerts-only")).toMatchObject({ digest: null });
    receiver.received.length = 0;
    expect(await sendDigest(sender, hook, client(), NOW_MS)).toBe("not_due");
    expect(receiver.received).toHaveLength(0);
  });

  it("is queued by the minute's tick for a webhook that asked for one, and not for one that did not", async () => {
    const queue = new LocalQueue({ file: path.join(tempDataDir(), "jobs.sqlite"), pollMs: 60_000 });
    try {
      await queue.define({ name: DIGEST_SEND, policy: "short", retryLimit: 0, retryDelaySeconds: 60, expireInSeconds: 900 });
      await webhookOf("acct-tick-digest", "weekly");
      await webhookOf("acct-tick-alerts", null);
      const runner = (account: string): DigestRunner => ({ sender, accounts: async () => [account], clientOf: async () => client(), clock: () => NOW_MS, options: {} });
      expect(await queueDueDigests(queue, runner("acct-tick-alerts"))).toBe(0);
      expect(await queueDueDigests(queue, runner("acct-tick-digest"))).toBe(1);
    } finally {
      await queue.stop();
    }
  });
});
