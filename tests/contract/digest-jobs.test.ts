// Digests on the job queue (lib/digests/digest-jobs.ts), in process on SQLite as without
// PostgreSQL, by a fake clock: the tick of each minute sends a confirmed weekly subscription its
// week in the first minute after the week ends in the subscriber's zone (São Paulo), once over
// the minutes that follow, and never to an address not confirmed; an account whose key is not
// held gets its digest at the first tick after a key is held again.
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { addressKeyOf, deriveDigestKeys, sealAddress } from "@/lib/digests/digest-keys";
import { defineDigestQueues, queueDueDigests, runDigestJob, startDigestJobs, type DigestRunner } from "@/lib/digests/digest-jobs";
import type { DigestSender } from "@/lib/digests/send-digest";
import { LocalQueue } from "@/lib/store/jobs/local-queue";
import { createMailer } from "@/lib/mail/mailer";
import { MemoryDigestStore, type DigestSubscription } from "@/lib/store/digest-store";
import { SqliteMirrorStore } from "@/lib/store/sqlite-mirror-store";
import { mirrorSandbox } from "../support/mirror-sandbox";
import { mirroredClient, NOW_MS, tempDataDir, waitFor } from "../support/mirror-sync";
import { startSmtpSink } from "../support/smtp-sink";

const sandbox = mirrorSandbox();
const keys = deriveDigestKeys("digest-jobs-secret-0123456789abcdef");
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
beforeAll(async () => void (sink = await startSmtpSink()));
afterAll(async () => sink?.stop());

const settle = (ms = 1000) => new Promise((resolve) => setTimeout(resolve, ms));
// Sunday 2026-06-14, 23:58 in São Paulo (UTC-3): the week of June 8 is not over there yet.
const SUNDAY_LATE = Date.parse("2026-06-15T02:58:00Z");
const MINUTE = 60_000;

it("sends the week's digest at the first tick after the week ends in the subscriber's zone, once, only to a confirmed address, and waits for a held key", async () => {
  let now = SUNDAY_LATE;
  const clock = () => now;
  const mirror = new SqliteMirrorStore(path.join(tempDataDir(), "mirror.sqlite"));
  const queue = new LocalQueue({ file: path.join(tempDataDir(), "jobs.sqlite"), clock, pollMs: 50 });
  const sender: DigestSender = { store: new MemoryDigestStore(), mailer: createMailer(sink.url, "Salesdash <digests@salesdash.test>"), keys, baseUrl: "https://dash.example" };
  const client = mirroredClient(sandbox.sb, "creator", mirror, clock);
  const account = client.identity;
  // Confirmed on Wednesday of that week: the week before it is not the address's to get.
  const confirmedAt = Date.parse("2026-06-10T12:00:00Z");
  for (const [id, confirmed, address] of [["sub-confirmed-1", confirmedAt, "owner@creator.test"], ["sub-pending-2", null, "other@creator.test"]] as const) {
    const s: DigestSubscription = { id, account, sealedAddress: sealAddress(keys, id, address), addressKey: addressKeyOf(keys, address), cadence: "weekly", locale: "en", timeZone: "America/Sao_Paulo", keyType: "creator", createdAt: 1, confirmedAt: confirmed };
    await sender.store.create(s);
  }
  // Whether the server holds the account's key: nobody signed in and no key kept, at first.
  let held = false;
  const runner: DigestRunner = {
    sender,
    accounts: async () => (held ? [account] : []),
    clientOf: async (who) => (held && who === account ? client : null),
    clock,
    options: {},
  };
  try {
    await startDigestJobs(queue, () => runner);
    // 23:59 on Sunday: the tick finds nothing due.
    held = true;
    now = SUNDAY_LATE + MINUTE + 30_000;
    await settle();
    expect(sink.received).toEqual([]);
    expect(await sender.store.sends(account, 10)).toEqual([]);
    // Monday, 00:00:30 there, but no key is held: nothing can be read, nothing is sent.
    held = false;
    now = SUNDAY_LATE + 2 * MINUTE + 30_000;
    await settle();
    expect(sink.received).toEqual([]);
    // A key held again (a sign-in, or the key kept): the next tick sends it.
    held = true;
    now += MINUTE;
    await waitFor(async () => sink.received.length >= 1, "the week's digest");
    // Later ticks of the same week send nothing more.
    for (let i = 0; i < 3; i++) {
      now += MINUTE;
      await settle(500);
    }
  } finally {
    await queue.stop();
    sender.mailer.close();
    await mirror.close();
  }
  expect(sink.received.map((m) => [m.to, m.parsed.subject])).toEqual([[["owner@creator.test"], "Salesdash: your week, Jun 8, 2026 – Jun 14, 2026"]]);
  expect(await sender.store.sends(account, 10)).toEqual([expect.objectContaining({ subscriptionId: "sub-confirmed-1", period: "weekly:2026-06-08", status: "sent", attempts: 1 })]);
});

it("claims a send when its job runs, not at its tick: a job 40 minutes late is not taken over by the next tick while it sends", async () => {
  const mirror = new SqliteMirrorStore(path.join(tempDataDir(), "mirror.sqlite"));
  const queue = new LocalQueue({ file: path.join(tempDataDir(), "jobs.sqlite"), pollMs: 50 });
  const sender: DigestSender = { store: new MemoryDigestStore(), mailer: createMailer(sink.url, "Salesdash <digests@salesdash.test>"), keys, baseUrl: "https://dash.example" };
  const client = mirroredClient(sandbox.sb, "creator", mirror);
  const account = client.identity;
  const id = "sub-late-3";
  await sender.store.create({ id, account, sealedAddress: sealAddress(keys, id, "late@creator.test"), addressKey: addressKeyOf(keys, "late@creator.test"), cadence: "daily", locale: "en", timeZone: "UTC", keyType: "creator", createdAt: 1, confirmedAt: 2 });
  const LATE = 40 * MINUTE;
  let now = NOW_MS + LATE;
  const runner: DigestRunner = { sender, accounts: async () => [account], clientOf: async () => client, clock: () => now, options: {} };
  sink.received.length = 0;
  try {
    await defineDigestQueues(queue);
    // The tick was at NOW_MS; its job runs 40 minutes later and is still sending when the next tick looks.
    let sending!: () => void;
    let release!: () => void;
    const inMail = new Promise<void>((resolve) => (sending = resolve));
    const held = new Promise<void>((resolve) => (release = resolve));
    const send = sender.mailer.send.bind(sender.mailer);
    sender.mailer.send = async (message) => {
      sending();
      await held;
      return send(message);
    };
    const job = runDigestJob({ subscriptionId: id, at: NOW_MS }, runner);
    await inMail;
    expect(await sender.store.sends(account, 5)).toEqual([expect.objectContaining({ status: "sending", claimedAt: NOW_MS + LATE })]);
    now += MINUTE;
    expect(await queueDueDigests(queue, runner)).toBe(0);
    release();
    expect(await job).toBe("sent");
  } finally {
    await queue.stop();
    sender.mailer.close();
    await mirror.close();
  }
  expect(sink.received.map((m) => m.parsed.subject)).toEqual(["Salesdash: your day, Jun 14, 2026"]);
});
