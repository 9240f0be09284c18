// Several dashboard instances, one account budget: two real instances (`next start` from the
// production build) on one PostgreSQL database and one Redis, against the sandbox at its real
// 60 requests a minute per key. They share the sessions and the budget, a sync one of them
// started survives its death, and either back-end may go away and come back under them.
// Everything here is the spec's own: sandbox, database, redis-server and instances.
import fs from "node:fs";
import path from "node:path";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { accountMarkers } from "./support/account-markers";
import { runSession, truthKey, type SessionPlan } from "./support/load-phase";
import { ensureProductionBuild } from "./support/production-build";
import { expectedFigures, LOADS, openAndCheck, YEAR, type Figures, type ReportLoad } from "./support/report-loads";
import { revenueApi, signInByApi, signInWithForm, streamFigures, type ReportAnswer } from "./support/sessions";
import { instancePair, restartRedis, RUN_DIR, startStack, stopPair, stopRedis, type Stack } from "./support/stack";
import { holderOf, syncLocks, windowLocks } from "./support/sync-locks";
import { analyseSyncFetches } from "./support/sync-fetches";
import { ensurePostgresRunning, stopPostgres, waitUntilAlone } from "./support/test-database";
import { answeredWindows, busiestMinute, count429, upstreamLog } from "./support/upstream-log";
import type { DashboardProcess } from "./support/dashboard-process";

/** Read by scripts/test-instances.mjs for its last line. */
const RESULT_FILE = path.join(RUN_DIR, "../instances-result.json");
const LOAD_MS = 180_000;
/** The sync's days: 9 chunks of 90 days, five resources each (about 45 windows whatever today is). */
const SYNC_DAYS = 730;
/** The upstream answers each request this late in the sync phase, so that the sync lasts a little over a minute. */
const SYNC_LATENCY_MS = 1_500;
/** The lock holder is killed once this many days are synced (two of the nine chunks). */
const KILL_AFTER_DAYS = 180;

let stack: Stack | undefined;
const shared = () => stack as Stack;

test.beforeAll(async () => {
  test.setTimeout(900_000);
  ensureProductionBuild();
  stack = await startStack();
});

test.afterAll(async () => {
  test.setTimeout(120_000);
  const steps: Array<() => Promise<unknown>> = [
    ensurePostgresRunning,
    async () => stack && stopPair(stack),
    async () => stack && stopRedis(stack),
    async () => stack?.sb.stop(),
    async () => stack?.db.drop(),
  ];
  const failures: unknown[] = [];
  for (const step of steps) await step().catch((error: unknown) => failures.push(error));
  if (failures.length) throw failures[0];
});

test("six sessions of two keys load reports on two instances for three minutes: no 429, at most 60 requests a minute per key, every figure true, no account's data in the other's", async ({ browser }) => {
  test.setTimeout(600_000);
  const { sb } = shared();
  const instances = await instancePair(shared(), "reports");
  const plans: SessionPlan[] = (["creator", "creator", "creator2", "creator2", "creator", "creator"] as const).map((account, index) => ({ account, credential: sb.creds[account], index }));
  const truth = new Map<string, Figures>();
  for (const account of ["creator", "creator2"] as const) for (const load of LOADS) truth.set(truthKey(account, load), expectedFigures(account, load));
  const markers = accountMarkers(YEAR.from, "2026-06-16");

  const since = Date.now();
  const outcomes = await Promise.all(plans.map((plan) => runSession(browser, plan, instances, since + LOAD_MS, truth, markers[plan.account === "creator" ? "creator2" : "creator"])));

  const log = await upstreamLog(sb, since);
  const perKey = { creator: busiestMinute(log.creator ?? []), creator2: busiestMinute(log.creator2 ?? []) };
  const result = {
    tooManyRequests: count429(log),
    mostRequestsInAMinutePerKey: Math.max(...Object.values(perKey)),
    mismatchedFigures: outcomes.reduce((sum, o) => sum + o.mismatched, 0),
    leaks: outcomes.reduce((sum, o) => sum + o.leaks.length, 0),
    perKey,
    requests: { creator: log.creator?.length ?? 0, creator2: log.creator2?.length ?? 0 },
    loads: outcomes.reduce((sum, o) => sum + o.loads, 0),
    figures: outcomes.reduce((sum, o) => sum + o.figures, 0),
    bodies: outcomes.reduce((sum, o) => sum + o.bodies, 0),
    sessions: outcomes.map(({ account, signedInOn, loads, slowestMs, mismatched, bodies, error }) => ({ account, signedInOn, loads, slowestMs, mismatched, bodies, error })),
    notes: outcomes.flatMap((o) => o.notes),
  };
  fs.mkdirSync(path.dirname(RESULT_FILE), { recursive: true });
  fs.writeFileSync(RESULT_FILE, `${JSON.stringify(result, null, 2)}\n`);
  console.log(`[instances] load phase: ${JSON.stringify(result)}`);

  expect(outcomes.filter((o) => o.error).map((o) => `${o.account}: ${o.error}`)).toEqual([]);
  // Each session opened reports on both instances, and its bodies were read.
  for (const o of outcomes) expect(o.loads, `${o.account} signed in on ${o.signedInOn}`).toBeGreaterThanOrEqual(2);
  for (const o of outcomes) expect(o.bodies).toBeGreaterThan(0);
  expect(result.tooManyRequests).toBe(0);
  expect(result.mostRequestsInAMinutePerKey).toBeLessThanOrEqual(60);
  expect(outcomes.flatMap((o) => o.notes)).toEqual([]);
  expect(result.mismatchedFigures).toBe(0);
  expect(outcomes.flatMap((o) => o.leaks)).toEqual([]);
});

test("a session signed in on one instance works on the other, and after a sign-out on one the other refuses it", async ({ browser }) => {
  const { sb } = shared();
  const [a, b] = await instancePair(shared(), "reports");
  const context = await browser.newContext();
  const page = await context.newPage();
  const week = LOADS[0] as ReportLoad;
  const query = `from=${week.from}&to=${week.to}&compare=none`;

  await signInWithForm(page, a.url, sb.creds.creator);
  expect((await openAndCheck(page, b.url, week, expectedFigures("creator", week))).notes).toEqual([]);
  const onB = await revenueApi(context.request, b.url, query);
  expect(onB.status).toBe(200);
  expect(streamFigures(onB)).toEqual(expectedFigures("creator", week));

  const signedIn = (await context.cookies()).filter((c) => c.name.endsWith("next-auth.session-token"));
  expect(signedIn).toHaveLength(1);
  // The account menu's sign-out, on B.
  await page.getByRole("button", { name: "Sign out" }).click();
  await page.waitForURL((url) => url.origin === b.url && url.pathname === "/sign-in");
  // The same cookie presented to A: its vault entry is gone from the shared database.
  await context.addCookies(signedIn);
  expect((await revenueApi(context.request, a.url, query)).status).toBe(401);
  await context.addCookies(signedIn);
  await page.goto(`${a.url}/revenue?${query}`);
  await page.waitForURL((url) => url.origin === a.url && url.pathname === "/sign-in");
  await expect(page.getByTestId("purchase-total")).toHaveCount(0);
  await context.close();
});

/** The "storage" failure, as the report API gives it: a 503 document before the stream starts, or the stream's error line. */
function storageReference(answer: ReportAnswer): string | null | undefined {
  if (answer.kind === "json") {
    expect(answer.status).toBe(503);
    expect(answer.body.error?.code).toBe("storage");
    return answer.body.error?.correlation_id;
  }
  const error = answer.lines.at(-1);
  expect(error?.type).toBe("error");
  expect(error?.error?.kind).toBe("storage");
  expect(error?.error?.title).toBe("Storage unavailable");
  return error?.error?.correlationId;
}

test("Redis, then PostgreSQL, away during a report: 'Storage unavailable' with a reference, then the same report works again without a restart", async ({ browser }) => {
  test.setTimeout(600_000);
  const st = shared();
  const [a, b] = await instancePair(st, "reports");
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInWithForm(page, a.url, st.sb.creds.creator2);
  // Ranges no load opened: their days are not in the mirror, so the report must fetch them.
  const q3: ReportLoad = { kind: "revenue", from: "2024-07-01", to: "2024-09-30" };
  const q4: ReportLoad = { kind: "revenue", from: "2024-10-01", to: "2024-12-31" };
  const query = (load: ReportLoad) => `from=${load.from}&to=${load.to}&compare=none`;

  // Redis: the rate budget cannot be read, so no upstream request may go out.
  await stopRedis(st);
  try {
    // Each Redis command gives up within 2 s (lib/store/redis/connection.ts): an answer, not a hang.
    expect(storageReference(await revenueApi(context.request, b.url, query(q3), 30_000))).toMatch(/\S/);
    await page.goto(`${a.url}/revenue?${query(q3)}`);
    await expect(page.getByTestId("report-failure")).toContainText("Storage unavailable");
    await expect(page.getByTestId("report-failure")).toContainText(/Reference: \S+/);
  } finally {
    await restartRedis(st);
  }
  // Back without a restart (the connection reconnects within 3 s): the same request, the true figures.
  await expect(async () => expect(streamFigures(await revenueApi(context.request, b.url, query(q3)))).toEqual(expectedFigures("creator2", q3))).toPass({ timeout: 60_000 });
  expect((await openAndCheck(page, a.url, q3, expectedFigures("creator2", q3))).notes).toEqual([]);

  // PostgreSQL: the session's vault entry cannot be read. Stopped only when no one else is connected.
  const others = await waitUntilAlone(st.db.name, 120_000);
  if (others > 0) console.warn(`[instances] stopping PostgreSQL with ${others} other client(s) connected`);
  try {
    stopPostgres();
    const down = await revenueApi(context.request, b.url, query(q4), 30_000);
    expect(down.kind).toBe("json");
    expect(storageReference(down)).toMatch(/\S/);
    await page.goto(`${a.url}/revenue?${query(q4)}`);
    await page.waitForURL((url) => url.origin === a.url && url.pathname === "/unavailable");
    const reference = new URL(page.url()).searchParams.get("ref");
    expect(reference).toMatch(/\S/);
    await expect(page.getByRole("heading", { name: "Storage unavailable" })).toBeVisible();
    await expect(page.getByTestId("unavailable-reference")).toHaveText(reference as string);
  } finally {
    await ensurePostgresRunning();
  }
  // The session was kept through the outage: the same cookie, the same request, the true figures.
  await expect(async () => expect(streamFigures(await revenueApi(context.request, b.url, query(q4)))).toEqual(expectedFigures("creator2", q4))).toPass({ timeout: 60_000 });
  expect((await openAndCheck(page, a.url, q4, expectedFigures("creator2", q4))).notes).toEqual([]);
  await context.close();
});

interface SyncAnswer { enabled: boolean; synced: number; total: number; complete: boolean; running: boolean; lastError: string | null }

async function syncStatus(request: APIRequestContext, instance: DashboardProcess): Promise<SyncAnswer> {
  const answer = await request.get(`${instance.url}/api/mirror/status`);
  expect(answer.status()).toBe(200);
  return (await answer.json()) as SyncAnswer;
}

/** What the kill-mid-sync test measured, for the takeover's timing test after it. */
let takeover: { lockMs: number; firstRequestMs: number } | undefined;

test("the instance holding the sync is killed: the other takes its lock within a minute and finishes the sync, fetching no finished day again", async ({ browser }) => {
  test.setTimeout(600_000);
  const st = shared();
  await st.sb.controls({ latencyMs: SYNC_LATENCY_MS });
  try {
    // No day goes stale during the test (SALESDASH_FRESHNESS): a day fetched twice is the
    // takeover's doing, not the freshness policy's.
    // No other session in the shared vault: the instances resume, from their start, the sync of
    // every session it holds (lib/auth/session-sync.ts), and the earlier tests' sessions would
    // run syncs of their own beside this one (on an empty database there is no vault table yet).
    await st.db.query("DO $$ BEGIN IF to_regclass('salesdash_vault') IS NOT NULL THEN TRUNCATE salesdash_vault; END IF; END $$");
    const instances = await instancePair(st, "sync", { SALESDASH_SYNC_DAYS: String(SYNC_DAYS), SALESDASH_FRESHNESS: "*:1h" });
    // The mirror starts empty (the instances migrated the schema; no session of theirs runs yet).
    await st.db.query("TRUNCATE salesdash_mirror_days, salesdash_mirror_sync_state");
    const since = Date.now();
    const context = await browser.newContext();
    // Not through the form: it lands on a report, whose fetches would mingle with the sync's.
    await signInByApi(context.request, instances[0].url, st.sb.creds.creator2);

    // Both instances serve the session: the one signed in on starts the account's sync, the other
    // finds the session in the shared vault when it next looks (every 15 s); the account's lock
    // lets one pass run at a time.
    let holder: DashboardProcess | undefined;
    let synced = 0;
    await expect
      .poll(async () => {
        const [first, second] = [await syncStatus(context.request, instances[0]), await syncStatus(context.request, instances[1])];
        synced = Math.max(first.synced, second.synced);
        const locks = await syncLocks(st.db);
        holder = locks.length === 1 ? holderOf(locks[0]!, instances) : undefined;
        return holder !== undefined && synced >= KILL_AFTER_DAYS;
      }, { timeout: 240_000, intervals: [1_000] })
      .toBe(true);
    const killed = holder as DashboardProcess;
    const survivor = instances.find((i) => i !== killed) as DashboardProcess;

    const killAt = Date.now();
    await killed.kill();
    // Nothing can write the mirror between the kill and the survivor's takeover: what it holds now is what was finished.
    const held = new Set((await st.db.query<{ resource: string; day: string }>("SELECT resource, day FROM salesdash_mirror_days")).map((r) => `${r.resource} ${r.day}`));
    const locksAtKill = await windowLocks(st.redisUrl);
    const atKill = await syncStatus(context.request, survivor);
    expect(atKill.synced).toBeLessThan(SYNC_DAYS);

    // PostgreSQL lets the dead instance's lock go with its connection; the survivor asks the
    // queue for a pass every 15 s, and the first one to run takes the lock.
    let lockMs: number | undefined;
    await expect
      .poll(async () => {
        const status = await syncStatus(context.request, survivor);
        if (lockMs === undefined) {
          const [lock] = await syncLocks(st.db);
          if (lock && holderOf(lock, instances) === survivor) lockMs = Date.now() - killAt;
        }
        return status.complete;
      }, { timeout: 360_000, intervals: [1_000] })
      .toBe(true);
    const done = await syncStatus(context.request, survivor);
    expect(done).toMatchObject({ synced: SYNC_DAYS, total: SYNC_DAYS, lastError: null });

    const log = (await upstreamLog(st.sb, since)).creator2 ?? [];
    const afterKill = log.filter((e) => e.t >= killAt).map((e) => e.t);
    expect(afterKill.length).toBeGreaterThan(0);
    takeover = { lockMs: lockMs ?? Number.POSITIVE_INFINITY, firstRequestMs: Math.min(...afterKill) - killAt };
    const analysis = analyseSyncFetches("creator2", answeredWindows(log), killAt, held);
    console.log(
      `[instances] sync: killed ${killed.name} at ${synced} days synced (${held.size} resource-days held; window locks it held: ${JSON.stringify(locksAtKill)}); ` +
        `${survivor.name} took the lock ${takeover.lockMs} ms and sent its first request ${takeover.firstRequestMs} ms after the kill; ${JSON.stringify(analysis)}`,
    );

    expect(takeover.lockMs).toBeLessThanOrEqual(60_000);
    expect(analysis.survivorWindows).toBeGreaterThan(0);
    expect(analysis.refetchedHeld).toEqual([]);
    expect(analysis.duplicates).toEqual([]);
    // The sync fetches one window at a time: at most the one in flight at the kill was lost.
    expect(analysis.lostWindows.length).toBeLessThanOrEqual(1);
    expect(count429({ creator2: log })).toBe(0);
    await context.close();
  } finally {
    await st.sb.controls({ latencyMs: 0 });
  }
});

// The survivor's first window is often the one the killed instance was fetching, whose window lock
// (Redis, SET PX) the dead process still holds: it lives 30 s (lib/sales-api/window-lock.ts), so
// the survivor, which takes the sync over within 15 s or so, may wait on it for the rest.
test("the survivor's first upstream request of the sync goes out within a minute of the kill", () => {
  expect(takeover).toBeDefined();
  expect(takeover?.firstRequestMs).toBeLessThanOrEqual(60_000);
});
