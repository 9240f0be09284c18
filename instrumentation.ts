// Runs once when a server starts (never during `next build`): the shared back-ends are made
// ready before the first request, or the instance stops with a message naming the variable;
// then the embedded fact stores' worker threads and the payout calendar's are started and awaited, the background syncs of the
// sessions the vault holds are resumed (lib/auth/session-sync.ts), and the job queue's workers
// and schedules are started (lib/jobs/server-jobs.ts: the digests).
/** How long the start waits for the worker threads to be ready (ms) before it answers anyway. */
const WARM_WAIT_MS = 20_000;

export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  // First, so that requests carry their socket's address (lib/http/client-address.ts).
  const { stampPeerAddresses } = await import("./lib/http/peer-address");
  stampPeerAddresses();
  const { prepareSharedBackends, SharedBackendStartError } = await import("./lib/store/prepare-shared-backends");
  try {
    await prepareSharedBackends();
  } catch (error) {
    if (!(error instanceof SharedBackendStartError)) throw error;
    console.error(`\nSalesdash cannot start: ${error.message}\n`);
    process.exit(1);
  }
  // Without AUTH_SECRET nobody can sign in, and no session is held: no report will ask a store.
  if (!process.env.AUTH_SECRET) return;
  // Awaited: Next answers no request before this returns, and a first report that came while the
  // threads were still loading their modules (DuckDB's library, the stores', the payout model's)
  // waited for them on two cores: 1.2-2.1 s of each first visit after a restart at scale 20
  // (docs/benchmarks.md). Bounded, so that a thread stuck in loading cannot keep the server shut.
  const { warmFactStores } = await import("./lib/store/app-stores");
  const { warmPayoutsView } = await import("./lib/reports/server/payouts-kept");
  const warmed = Promise.all([warmFactStores(), warmPayoutsView()]).catch(() => undefined);
  await Promise.race([warmed, new Promise((resolve) => setTimeout(resolve, WARM_WAIT_MS).unref())]);
  const { superviseSessionSyncs } = await import("./lib/auth/session-sync");
  superviseSessionSyncs();
  const { startServerJobs } = await import("./lib/jobs/server-jobs");
  void startServerJobs();
}
