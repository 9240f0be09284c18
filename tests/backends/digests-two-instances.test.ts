// Digests on a schedule, from two instances on one PostgreSQL, to a real SMTP server in the test
// process: 50 subscriptions (daily, weekly and monthly; four zones; English and Portuguese), each
// due at the fake clock's moment, run by both instances' job queues (pg-boss on the database:
// lib/digests/digest-jobs.ts) over several ticks, the later ones an hour on: each digest is
// received exactly once, its figures the ground truth's, no customer's data in any.
// Then restarts between schedule and send: the jobs an instance queued before it stopped are sent
// once by another; an instance that claimed a send and stopped before sending loses nothing
// (another sends it once the claim is stale) and nothing is sent twice.
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { inLocalRange, utcFetchWindow } from "@/lib/analytics/local-days";
import { creatorKpis } from "@/lib/analytics/revenue-kpis";
import { shiftDay } from "@/lib/calendar";
import { addressKeyOf, deriveDigestKeys, sealAddress } from "@/lib/digests/digest-keys";
import { digestPeriod, type Cadence } from "@/lib/digests/digest-period";
import { defineDigestQueues, queueDueDigests, startDigestJobs, type DigestRunner } from "@/lib/digests/digest-jobs";
import { sendDigest, STALE_CLAIM_MS, type DigestSender } from "@/lib/digests/send-digest";
import { PgBossQueue } from "@/lib/store/jobs/pg-boss-queue";
import type { MirroredClient } from "@/lib/mirror/range-reader";
import { formatMoney } from "@/lib/format";
import { createMailer } from "@/lib/mail/mailer";
import type { Purchase } from "@/lib/sales-api";
import type { DigestSubscription } from "@/lib/store/digest-store";
import { PostgresDigestStore } from "@/lib/store/postgres/postgres-digest-store";
import { SqliteMirrorStore } from "@/lib/store/sqlite-mirror-store";
import { groundTruth } from "../../sandbox/ground-truth";
import { addToDigestTally, duplicatesOf } from "../support/digest-tally";
import { mirroredClient, NOW_MS, removeTempDataDirs, tempDataDir, waitFor } from "../support/mirror-sync";
import { randomSchemaName, schemaOfFile, TEST_DATABASE_URL } from "../support/postgres-test-schema";
import { FIXED_NOW, startSandboxProcess, type RunningSandbox } from "../support/sandbox-process";
import { startSmtpSink } from "../support/smtp-sink";

const db = schemaOfFile(["salesdash_digest_sends", "salesdash_digest_subscriptions"]);
const keys = deriveDigestKeys("two-instances-digest-secret-0123456789abcdef");
const ZONES = ["UTC", "America/Sao_Paulo", "Asia/Tokyo", "Europe/Lisbon"];
const CADENCES: Cadence[] = ["daily", "weekly", "monthly"];
let sb: RunningSandbox;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let mirror: SqliteMirrorStore;

beforeAll(async () => {
  sb = await startSandboxProcess(["--now", FIXED_NOW, "--rate-limit-per-minute", "100000"]);
  sink = await startSmtpSink();
  mirror = new SqliteMirrorStore(path.join(tempDataDir(), "mirror.sqlite"));
});
// The job queue's tables: a schema of this file's own, dropped at the end.
const jobsSchema = randomSchemaName();
const queues: PgBossQueue[] = [];
const openQueue = () => {
  const queue = new PgBossQueue({ connectionString: TEST_DATABASE_URL, schema: jobsSchema, pollingIntervalSeconds: 0.5, maintenanceIntervalSeconds: 1, cronIntervalSeconds: 1 });
  queues.push(queue);
  return queue;
};
// An instance's queue stops with its test: its workers must not take the next test's jobs.
afterEach(async () => {
  await Promise.all(queues.splice(0).map((queue) => queue.stop().catch(() => undefined)));
});
afterAll(async () => {
  await db.schema.pool.query(`DROP SCHEMA IF EXISTS ${jobsSchema} CASCADE`);
  await sink?.stop();
  await mirror?.close();
  await sb?.stop();
  removeTempDataDirs();
});

async function twoSenders(): Promise<[DigestSender, DigestSender, () => Promise<void>]> {
  const a = new PostgresDigestStore(await db.emptied());
  const b = new PostgresDigestStore(TEST_DATABASE_URL, { schema: db.schema.name });
  const sender = (store: PostgresDigestStore): DigestSender => ({ store, mailer: createMailer(sink.url, "Salesdash <digests@salesdash.test>"), keys, baseUrl: "https://dash.example" });
  const [one, two] = [sender(a), sender(b)];
  return [one, two, async () => {
    one.mailer.close();
    two.mailer.close();
    await b.close();
  }];
}

function subscription(i: number, extra: Partial<DigestSubscription> = {}): DigestSubscription {
  const id = `sched-${String(i).padStart(2, "0")}-abcdefgh`;
  const address = `owner${i}@creator.test`;
  return {
    id, account: `acct-${i % 5}`, sealedAddress: sealAddress(keys, id, address), addressKey: addressKeyOf(keys, address),
    cadence: CADENCES[i % 3]!, locale: i % 2 === 0 ? "en" : "pt-BR", timeZone: ZONES[i % 4]!, keyType: "creator", createdAt: 1, confirmedAt: 2, ...extra,
  };
}

/** The ground truth's figures the digest of `s` must show for its period, as its reader reads them; how many of them its text lacks. */
function wrongFiguresIn(text: string, s: DigestSubscription, at: number): number {
  const { period } = digestPeriod(s.cadence as Cadence, at, s.timeZone);
  const window = utcFetchWindow(period.from, period.to, s.timeZone);
  const truth = (groundTruth({ now: FIXED_NOW }, "creator", "purchases", window.from, shiftDay(window.to, 1)) as unknown as Purchase[]).filter((p) => inLocalRange(p.checkoutInitializedAt, period.from, period.to, s.timeZone));
  const locale = s.locale === "pt-BR" ? "pt-BR" : "en";
  const flat = text.replace(/\s+/g, " ");
  let wrong = 0;
  for (const k of creatorKpis(truth)) {
    const money = (value: number) => formatMoney(value, k.currency, locale).replace(/\s+/g, " ");
    const count = (n: number) => new Intl.NumberFormat(locale === "en" ? "en-US" : "pt-BR").format(n);
    for (const shown of [money(k.transactionAmount), money(k.creatorNet), count(k.orders), count(k.purchases)]) if (!flat.includes(shown)) wrong++;
  }
  return wrong;
}

function personalIn(texts: string[]): number {
  const truth = groundTruth({ now: FIXED_NOW }, "creator", "purchases", "2026-04-01", "2026-06-16") as Array<Record<string, unknown>>;
  const personal = new Set(truth.flatMap((p) => ["customerName", "customerEmail", "customerPhone", "billingAddress1", "billingCity", "billingZipcode"].map((f) => p[f])).filter((v): v is string => typeof v === "string" && v.length > 3));
  expect(personal.size).toBeGreaterThan(500);
  const all = texts.join("\n");
  return [...personal].filter((v) => all.includes(v)).length;
}

/** An instance's runner: every account's client reads the sandbox's creator; `ticks` counts the ticks it ran. */
function runnerOf(sender: DigestSender, client: MirroredClient, clock: () => number, ticks: { n: number } = { n: 0 }): () => DigestRunner {
  return () => ({
    sender,
    accounts: async () => {
      ticks.n++;
      return ["acct-0", "acct-1", "acct-2", "acct-3", "acct-4"];
    },
    clientOf: async () => client,
    clock,
    options: {},
  });
}

describe("digests on a schedule, from two instances on one PostgreSQL", () => {
  it("sends each of 50 scheduled digests exactly once, with the ground truth's figures and no customer's data", { timeout: 400_000 }, async () => {
    const [a, b, close] = await twoSenders();
    sink.received.length = 0;
    try {
      const subscriptions = Array.from({ length: 50 }, (_, i) => subscription(i));
      for (const s of subscriptions) expect(await a.store.create(s)).toBe("created");
      const client = mirroredClient(sb, "creator", mirror);
      // Both instances work the queue and keep the schedule; the fake clock is the schedule's moment.
      let now = NOW_MS;
      const ticks = { n: 0 };
      await Promise.all([startDigestJobs(openQueue(), runnerOf(a, client, () => now, ticks)), startDigestJobs(openQueue(), runnerOf(b, client, () => now, ticks))]);
      await waitFor(async () => sink.received.length >= 50, "the 50 digests", 240_000);
      // An hour later by the fake clock, the ticks of the next real minute find every digest sent.
      now = NOW_MS + 3_600_000;
      const seen = ticks.n;
      await waitFor(async () => ticks.n > seen, "a tick an hour later", 120_000);
      await new Promise((resolve) => setTimeout(resolve, 3000));

      const received = sink.received;
      const duplicates = duplicatesOf(received.map((m) => m.parsed.messageId));
      let wrong = 0;
      for (const s of subscriptions) {
        const mails = received.filter((m) => m.to[0] === `owner${Number(s.id.slice(6, 8))}@creator.test`);
        expect(mails, s.id).toHaveLength(1);
        wrong += wrongFiguresIn(mails[0]!.parsed.text ?? "", s, NOW_MS);
      }
      const personal = personalIn(received.flatMap((m) => [m.parsed.subject ?? "", m.parsed.text ?? "", String(m.parsed.html), m.raw]));
      addToDigestTally({ sent: received.length, duplicates, wrongFigures: wrong, personalData: personal });
      expect({ sent: received.length, duplicates, wrong, personal }).toEqual({ sent: 50, duplicates: 0, wrong: 0, personal: 0 });
      const sends = await a.store.sends("acct-0", 100);
      expect(sends.every((s) => s.status === "sent" && s.attempts === 1)).toBe(true);
    } finally {
      await close();
    }
  });

  it("sends once, from another instance, the digests an instance queued and stopped before sending", async () => {
    const [a, b, close] = await twoSenders();
    sink.received.length = 0;
    try {
      const subscriptions = Array.from({ length: 6 }, (_, i) => subscription(60 + i));
      for (const s of subscriptions) await a.store.create(s);
      const client = mirroredClient(sb, "creator", mirror);
      // Instance A's tick queues the digests due, and A stops before its workers take them.
      const stopped = openQueue();
      await defineDigestQueues(stopped);
      expect(await queueDueDigests(stopped, runnerOf(a, client, () => NOW_MS)())).toBe(6);
      await stopped.stop();
      expect(sink.received).toHaveLength(0);
      // Instance B (or A restarted) works the queue: each is sent once.
      await startDigestJobs(openQueue(), runnerOf(b, client, () => NOW_MS));
      await waitFor(async () => sink.received.length >= 6, "the queued digests", 120_000);
      await new Promise((resolve) => setTimeout(resolve, 3000));
      const duplicates = duplicatesOf(sink.received.map((m) => m.parsed.messageId));
      let wrong = 0;
      for (const s of subscriptions) {
        const mails = sink.received.filter((m) => m.to[0] === `owner${Number(s.id.slice(6, 8))}@creator.test`);
        expect(mails, s.id).toHaveLength(1);
        wrong += wrongFiguresIn(mails[0]!.parsed.text ?? "", s, NOW_MS);
      }
      addToDigestTally({ sent: sink.received.length, duplicates, wrongFigures: wrong });
      expect({ sent: sink.received.length, duplicates, wrong }).toEqual({ sent: 6, duplicates: 0, wrong: 0 });
    } finally {
      await close();
    }
  });

  it("loses nothing and sends nothing twice when an instance stops between its claim and the send", async () => {
    const [a, b, close] = await twoSenders();
    sink.received.length = 0;
    try {
      const s = subscription(7, { cadence: "weekly", timeZone: "America/Sao_Paulo", locale: "pt-BR" });
      await a.store.create(s);
      const client = mirroredClient(sb, "creator", mirror);
      // Instance A claims the week's send (the schedule fired) and stops before the mail goes.
      expect(await a.store.claimSend(s, "weekly:2026-06-08", NOW_MS, NOW_MS - STALE_CLAIM_MS)).toBe(true);
      // Another instance, or A restarted, while the claim is live: nothing is sent twice.
      expect(await sendDigest(b, s, client, NOW_MS + 60_000)).toBe("already_sent");
      expect(sink.received).toHaveLength(0);
      // Once the claim is stale, the digest goes, once, whichever instance looks.
      const [one, two] = await Promise.all([sendDigest(b, s, client, NOW_MS + STALE_CLAIM_MS + 1), sendDigest(a, s, client, NOW_MS + STALE_CLAIM_MS + 1)]);
      expect([one, two].sort()).toEqual(["already_sent", "sent"]);
      expect(await sendDigest(a, s, client, NOW_MS + 2 * STALE_CLAIM_MS)).toBe("already_sent");
      expect(sink.received).toHaveLength(1);
      expect(sink.received[0]!.parsed.subject).toBe("Salesdash: sua semana, 8 de jun. de 2026 – 14 de jun. de 2026");
      expect((await a.store.sends("acct-2", 5))[0]).toMatchObject({ status: "sent", attempts: 2 });
      addToDigestTally({ sent: sink.received.length, duplicates: duplicatesOf(sink.received.map((m) => m.parsed.messageId)), wrongFigures: wrongFiguresIn(sink.received[0]!.parsed.text ?? "", s, NOW_MS) });
    } finally {
      await close();
    }
  });
});
