import "server-only";

// Digests on the job queue (lib/store/jobs). A tick every minute, sent once across instances, looks
// at each account whose key the server holds (a session's, or the key kept for digests) and
// queues one job per subscription and period due, keyed by both, so that the ticks that see it
// before it runs queue it once. The job makes the digest and sends it. So a digest goes out in
// the first minute after its period ends in the subscriber's own zone (the tick reads each
// subscription's zone: one schedule serves every zone), whether anyone is signed in or not.
// The store's claim (send-digest.ts) keeps the mail itself to once per period: a job run twice,
// or on two instances, finds the period claimed. A send that failed is kept as failed by the
// store, and a tick queues it again after its wait (retryWaitMs); one whose days the upstream
// cannot give yet is not claimed, and the next tick queues it again. A job that throws (the
// store away) is retried by the queue, 5 minutes then doubling, and dead-lettered after six
// runs. The job's read counts as a report of the account: "Forget my data" waits for it.
import { heldAccountKeys } from "@/lib/auth/account-keys";
import type { JobQueue } from "@/lib/store/jobs/job-queue";
import { log } from "@/lib/log/server-log";
import { getClientState } from "@/lib/sales-api";
import { createMirroredClient } from "@/lib/mirror/mirror-access";
import type { MirroredClient } from "@/lib/mirror/range-reader";
import type { LoadOptions } from "@/lib/reports/server/load-options";
import { claimable, MAX_DIGEST_SUBSCRIPTIONS, MAX_SEND_ATTEMPTS } from "@/lib/store/digest-store";
import { getDeliverySender, overviewFacts } from "./due-digests";
import { digestCadenceOf, dueDigestOf, sendDigest, STALE_CLAIM_MS, type DigestSendResult, type DigestSender } from "./send-digest";

export const DIGEST_TICK = "digests-tick";
export const DIGEST_SEND = "digests-send";
export const DIGEST_DEAD = "digests-dead";

export interface DigestJobData {
  subscriptionId: string;
  /** The tick's moment: the period the digest tells, whenever the job runs. */
  at: number;
}

/** What the digests are read and sent with: the process's, unless a test gives its own. */
export interface DigestRunner {
  /** Null without AUTH_SECRET (nothing can be opened): nothing is queued then. */
  sender: DigestSender | null;
  /** The accounts whose key the server holds. */
  accounts(): Promise<string[]>;
  /** A client of the account, or null when its key is no longer held. */
  clientOf(account: string): Promise<MirroredClient | null>;
  clock: () => number;
  options: LoadOptions;
}

/** The process's runner: the vault's held keys, the configured mail server, the process's mirror. */
export function processDigestRunner(): DigestRunner {
  return {
    sender: getDeliverySender(),
    accounts: async () => [...(await heldAccountKeys()).keys()],
    clientOf: async (account) => {
      const key = (await heldAccountKeys()).get(account);
      return key ? createMirroredClient({ credential: key.value.credential, target: key.value.target, priority: "background", deadlineMs: 600_000 }) : null;
    },
    clock: Date.now,
    options: overviewFacts(),
  };
}

/** The tick: queues each digest due now that is not sent or in hand; answers how many it queued. */
export async function queueDueDigests(queue: JobQueue, runner: DigestRunner): Promise<number> {
  const sender = runner.sender;
  if (!sender) return 0;
  const at = runner.clock();
  let queued = 0;
  for (const account of await runner.accounts()) {
    try {
      const due = (await sender.store.list(account)).flatMap((subscription) => {
        const digest = dueDigestOf(subscription, at, digestCadenceOf(sender, subscription));
        return digest ? [{ subscription, period: digest.key }] : [];
      });
      if (due.length === 0) continue;
      // Each subscription's latest sends are the newest: its period's, if there is one, is among
      // them. A month's send sits behind up to 31 of each daily subscription's.
      const sends = new Map((await sender.store.sends(account, MAX_DIGEST_SUBSCRIPTIONS * 32)).map((send) => [`${send.subscriptionId}|${send.period}`, send]));
      for (const { subscription, period } of due) {
        const send = sends.get(`${subscription.id}|${period}`);
        if (send && !claimable(send, at, at - STALE_CLAIM_MS)) continue;
        if (await queue.send<DigestJobData>(DIGEST_SEND, { subscriptionId: subscription.id, at }, { key: `${subscription.id}:${period}` })) queued++;
      }
    } catch (error) {
      // One account's store read failing leaves the others' digests to go.
      log("warn", { event: "digest_tick_failed", errorName: error instanceof Error ? error.name : "unknown" });
    }
  }
  return queued;
}

/** A job: the subscription's digest of the tick's period, unless it is gone or its account's key is no longer held. */
export async function runDigestJob(data: DigestJobData, runner: DigestRunner): Promise<DigestSendResult | "upstream_away" | "gone" | "no_key"> {
  const sender = runner.sender;
  if (!sender) return "gone";
  const subscription = await sender.store.get(data.subscriptionId);
  if (!subscription) return "gone";
  // Signed out and no key kept: a later tick queues it again once a key is held.
  const client = await runner.clientOf(subscription.account);
  if (!client) return "no_key";
  // A report of the account while it reads: "Forget my data" waits for it, then deletes again.
  return getClientState().reports.during(subscription.account, () => sendDigest(sender, subscription, client, data.at, runner.options, runner.clock()));
}

/** Defines the digests' queues (unless they are). */
export async function defineDigestQueues(queue: JobQueue): Promise<void> {
  await queue.define({ name: DIGEST_DEAD, policy: "standard", retryLimit: 0, retryDelaySeconds: 60, expireInSeconds: 60 });
  // A run lasts at most its reads' 10-minute deadline and the mail server's minutes. Expiry comes
  // after, and expiry with the first retry's wait (15 + 5 minutes) before the store's claim is
  // stale (30), so a run expired and retried while it still runs finds its period claimed.
  await queue.define({ name: DIGEST_SEND, policy: "short", retryLimit: MAX_SEND_ATTEMPTS - 1, retryDelaySeconds: 300, expireInSeconds: 900, deadLetter: DIGEST_DEAD });
  await queue.define({ name: DIGEST_TICK, policy: "standard", retryLimit: 0, retryDelaySeconds: 60, expireInSeconds: 300 });
}

/** Defines the digests' queues, works them in this process, and schedules the tick (once in all). */
export async function startDigestJobs(queue: JobQueue, runner: () => DigestRunner = processDigestRunner): Promise<void> {
  await defineDigestQueues(queue);
  // Two at once: one account's long read does not hold the others' digests back.
  await queue.work<DigestJobData>(DIGEST_SEND, (job) => said("digest_job_failed", () => runDigestJob(job.data, runner())), { concurrency: 2 });
  await queue.work(DIGEST_TICK, () => said("digest_tick_failed", () => queueDueDigests(queue, runner())));
  await queue.schedule(DIGEST_TICK, "* * * * *", "UTC");
}

/** A job's failure is logged (its class only) before the queue retries it. */
async function said(event: string, work: () => Promise<unknown>): Promise<void> {
  try {
    await work();
  } catch (error) {
    log("warn", { event, errorName: error instanceof Error ? error.name : "unknown" });
    throw error;
  }
}
