// npm run bench:client — how many upstream requests a range read (the mirror over memory, empty) spends, against the lower
// bound max(ceil(days/90), ceil(records/5000)), for small, medium and 1,000,000-purchase
// accounts over 30, 365 and 730 days. Runs against sandboxes started as child processes.
// Rows with unfetched days measured only part of the range: the final line says how many.
import path from "node:path";
import { createSalesApiClient, credentialFrom } from "@/lib/sales-api";
import { MemoryRateLimitStore } from "@/lib/sales-api/rate-limit";
import { createTransport } from "@/lib/sales-api/transport";
import { groundTruth } from "../sandbox/ground-truth";
import { FIXED_NOW, startSandboxProcess, type RunningSandbox } from "../tests/support/sandbox-process";
import { MemoryDayStore } from "@/lib/mirror/memory-day-store";
import { mirrorOver } from "@/lib/mirror/range-reader";

const LAST_DAY = "2026-06-15"; // the sandbox's fixed now is 2026-06-15T12:00:00Z
const RANGES = [30, 365, 730];
const ACCOUNTS = [
  { name: "small (Northwind Studio, scale 1)", scale: 1, who: "creator2" as const },
  { name: "medium (Aurora Academy, scale 1)", scale: 1, who: "creator" as const },
  { name: "large (Aurora Academy, scale 20, >1M purchases)", scale: 20, who: "creator" as const },
];

const firstDay = (days: number) => new Date(Date.parse(`${LAST_DAY}T00:00:00Z`) - (days - 1) * 86_400_000).toISOString().slice(0, 10);

interface Row { account: string; days: number; records: number; requests: number; lowerBound: number; ratio: number; optimum: number; seconds: number; incompleteDays: number; unfetchedDays: number }

/**
 * The fewest requests any client can spend with the API's whole-day filter, given the records
 * of each day (newest first). A day's oldest record only comes in an answer that holds the
 * whole day (the newest are kept), so every day is read whole by one request, and one request
 * reads whole only consecutive days of at most `limit` records (`maxDays` at most): filling
 * each request with as many days as fit, newest first, is then the minimum. A day of more
 * than `limit` takes one request alone. Usually above ceil(records/limit), which splits days.
 */
export function fewestWholeDayRequests(counts: readonly number[], limit = 5000, maxDays = 90): number {
  let requests = 0;
  for (let i = 0; i < counts.length; requests++) {
    let sum = 0;
    let taken = 0;
    while (i < counts.length && taken < maxDays && (taken === 0 || sum + (counts[i] as number) <= limit)) {
      sum += counts[i] as number;
      i++;
      taken++;
    }
  }
  return requests;
}

/** The whole-day optimum of the range from the sandbox's ground truth, day by day. */
function wholeDayOptimum(who: "creator" | "creator2", scale: number, days: number): number {
  const counts: number[] = [];
  for (let i = 0; i < days; i++) {
    const day = firstDay(i + 1);
    const next = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    counts.push(groundTruth({ scale, now: FIXED_NOW }, who, "purchases", day, next).length);
  }
  return fewestWholeDayRequests(counts);
}

async function measure(sb: RunningSandbox, who: "creator" | "creator2", scale: number, days: number): Promise<Omit<Row, "account">> {
  const credential = sb.creds[who];
  const upstream = createSalesApiClient({
    credential: credentialFrom({ apiKey: credential.apiKey }),
    transport: createTransport({ baseUrl: sb.creds.baseUrl, caFile: sb.creds.caFile, timeoutMs: 60_000 }),
    // The request count is what is measured; the rate limit only stretches time, so it is lifted here.
    limits: { perMinute: 1_000_000 },
    // Likewise the report deadline (30 s by default): on a loaded machine it stops the fetch
    // part-way and the ratio would be computed on partial data. A bench fetch runs to the end.
    deadlineMs: 24 * 3_600_000,
    stores: { rateLimit: new MemoryRateLimitStore() },
  });
  const client = mirrorOver(upstream, new MemoryDayStore(2_000_000));
  const started = performance.now();
  const { records, report } = await client.fetchRange("purchases", { from: firstDay(days), to: LAST_DAY });
  const seconds = (performance.now() - started) / 1000;
  // Days that alone exceed 5000 records (Black Friday at scale 20) cannot be completed by any
  // client; they are reported, and the lower bound below still counts every record returned.
  if (report.invalidRecords.length > 0) throw new Error(`unreadable records for ${who} over ${days} days`);
  const lowerBound = Math.max(Math.ceil(days / 90), Math.ceil(records.length / 5000));
  return { days, records: records.length, requests: report.requests, lowerBound, ratio: report.requests / lowerBound, optimum: wholeDayOptimum(who, scale, days), seconds, incompleteDays: report.incompleteDays.length, unfetchedDays: report.unfetchedDays.length };
}

async function main(): Promise<void> {
  const rows: Row[] = [];
  for (const scale of [...new Set(ACCOUNTS.map((a) => a.scale))]) {
    // BENCH_SANDBOX_PORT pins the sandbox's port (a later --port overrides the free one picked by default).
    const port = process.env.BENCH_SANDBOX_PORT ? ["--port", process.env.BENCH_SANDBOX_PORT] : [];
    const sb = await startSandboxProcess(["--now", FIXED_NOW, "--scale", String(scale), "--rate-limit-per-minute", "1000000", ...port], { testControls: false });
    try {
      for (const account of ACCOUNTS.filter((a) => a.scale === scale)) {
        for (const days of RANGES) {
          const row = { account: account.name, ...(await measure(sb, account.who, scale, days)) };
          rows.push(row);
          process.stderr.write(`  ${row.account}, ${days} days: ${row.requests} requests, ${row.unfetchedDays} unfetched days\n`);
        }
      }
    } finally {
      await sb.stop();
    }
  }
  const lines = [
    "| account | days | records | incomplete days | unfetched days | requests | lower bound | ratio | whole-day optimum | requests/optimum | wall time (s) | at 60/min, at least (s) |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ...rows.map((r) => `| ${r.account} | ${r.days} | ${r.records} | ${r.incompleteDays} | ${r.unfetchedDays} | ${r.requests} | ${r.lowerBound} | ${r.ratio.toFixed(2)} | ${r.optimum} | ${(r.requests / r.optimum).toFixed(2)} | ${r.seconds.toFixed(1)} | ${Math.max(0, r.requests - 60)} |`),
  ];
  const worst = Math.max(...rows.map((r) => r.ratio));
  console.log(lines.join("\n"));
  console.log(`worst requests/whole-day optimum: ${Math.max(...rows.map((r) => r.requests / r.optimum)).toFixed(2)}`);
  const unfetched = rows.reduce((sum, r) => sum + r.unfetchedDays, 0);
  console.log(`worst requests/lower-bound: ${worst.toFixed(2)}, unfetched days ${unfetched}`);
}

// Run as a script, not when a test imports the helpers above.
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  void main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
