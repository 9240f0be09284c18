// npm run bench:payout-facts [-- --scale N] — the payout calendar (two years of history) from the
// purchase records (every sealed day opened, decrypted and parsed) and from the purchases fact
// table (#25), on one mirror file filled as bench:facts fills it (purchases, refunds and
// chargebacks of the large creator account through MirrorDayCache.set, as the sync stores them),
// with the fact store in its worker thread as the app opens it. Same view from both, or it says NO.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { HISTORY_DAYS } from "@/lib/reports/payouts-month";
import { buildPayoutsView } from "@/lib/reports/server/payouts-report";
import { SqliteMirrorStore } from "@/lib/store/sqlite-mirror-store";
import { openWorkerPurchaseFactStore } from "@/lib/store/worker-fact-stores";
import { BENCH_NOW as NOW, BENCH_TODAY as today, fillMirror, loadAverage as load, openBenchMirror, rssMiB, seconds as s } from "./bench/fill-mirror";

const { values } = parseArgs({ options: { scale: { type: "string", default: "5" } } });
const SCALE = Number(values.scale);
const DAYS = HISTORY_DAYS + 1;
const SECRET = "bench-payout-facts-secret-0123456789abcdef";

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "salesdash-bench-payout-facts-"));
  const file = path.join(dir, "mirror.sqlite");
  const mirror = new SqliteMirrorStore(file);
  const facts = openWorkerPurchaseFactStore(file);
  const bench = openBenchMirror({ store: mirror, facts, serverSecret: SECRET });
  const { client } = bench;

  console.log(`filling ${DAYS} days at scale ${SCALE} (load ${load()})`);
  const t0 = performance.now();
  const { purchases } = await fillMirror(bench, { scale: SCALE, resources: ["purchases", "refunds", "chargebacks"], firstDay: today - DAYS + 1, lastDay: today });
  console.log(`filled ${purchases} purchases in ${s(performance.now() - t0)} s; file ${(fs.statSync(file).size / 1_048_576).toFixed(0)} MiB`);

  // Where the time goes: each fetchRange (the three resources run side by side, so they overlap) and the store's payoutSales.
  const phases = new Map<string, number>();
  const timed = <A extends unknown[], R>(name: (...args: A) => string, f: (...args: A) => Promise<R>) => async (...args: A): Promise<R> => {
    const t = performance.now();
    try {
      return await f(...args);
    } finally {
      phases.set(name(...args), (phases.get(name(...args)) ?? 0) + performance.now() - t);
    }
  };
  const fetchRange = client.fetchRange.bind(client);
  client.fetchRange = timed((resource, _range, options) => `${resource}${options?.digest ? " (day summaries)" : ""}`, fetchRange) as typeof client.fetchRange;
  const payoutSales = facts.payoutSales.bind(facts);
  facts.payoutSales = timed<Parameters<typeof payoutSales>, Awaited<ReturnType<typeof payoutSales>>>(() => "payoutSales", payoutSales);
  const request = { now: new Date(NOW), month: null, tz: "UTC" };
  const time = async (label: string, options: { facts?: typeof facts }) => {
    phases.clear();
    const before = load();
    const started = performance.now();
    const view = await buildPayoutsView(client, "creator", request, options);
    const ms = performance.now() - started;
    console.log(`${label}: ${s(ms)} s (load ${before} -> ${load()}, RSS ${rssMiB()} MiB; ${view.currencies.map((c) => `${c.currency} ${c.totals.sales} sales`).join(", ")})`);
    console.log(`  ${[...phases].map(([name, t]) => `${name} ${s(t)} s`).join(", ")}`);
    return JSON.stringify(view, (key, value: unknown) => (key === "computedAt" ? 0 : value));
  };
  const records = await time("from the records (before)", {});
  const first = await time("from the fact table (after)", { facts });
  const second = await time("from the fact table, again", { facts });
  const records2 = await time("from the records, again", {});
  console.log(`the same view from both: ${records === first && first === second && second === records2 ? "yes" : "NO"}`);
  await mirror.close();
  await facts.close();
  fs.rmSync(dir, { recursive: true, force: true });
}

void main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
