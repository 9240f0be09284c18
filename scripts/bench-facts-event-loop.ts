// npm run bench:facts-loop [-- --scale N --days N] — the server's event loop while the purchases
// fact table answers a filtered Revenue summary: the longest stall of the main thread
// (perf_hooks.monitorEventLoopDelay) with SqlitePurchaseFactStore on the main thread (before
// issue #25 point 8) and in its worker thread (after), on one file. The table is filled straight
// from the sandbox's generator (the large creator account, its fixed now), one product filtered
// (the account's most sold), the days filled, in UTC. Durations depend on the machine and its
// load (printed): compare the two lines of one run, not runs of different hours.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { assumeCurrency } from "@/lib/analytics/assumed-currency";
import { purchaseFactRow } from "@/lib/query/purchase-facts";
import { purchaseSummaryFromFacts } from "@/lib/query/purchase-summary-query";
import { purchaseSchema } from "@/lib/records/purchase";
import type { PurchaseFactStore } from "@/lib/store/purchase-fact-store";
import { SqlitePurchaseFactStore } from "@/lib/store/sqlite-purchase-fact-store";
import { openWorkerPurchaseFactStore } from "@/lib/store/worker-fact-stores";
import { makeAccounts } from "../sandbox/accounts";
import { Dataset } from "../sandbox/data/dataset";
import { dayOf } from "../sandbox/data/time";
import { runMain } from "./bench/run-main";

const { values } = parseArgs({ options: { scale: { type: "string", default: "5" }, days: { type: "string", default: "731" }, runs: { type: "string", default: "3" } } });
const SCALE = Number(values.scale);
const DAYS = Number(values.days);
const RUNS = Number(values.runs);
const NOW = Date.parse("2026-06-15T12:00:00Z");
const ACCOUNT = "bench";
const accounts = makeAccounts("salesdash");
const load = () => os.loadavg().map((n) => n.toFixed(1)).join(" ");
const ms = (n: number) => n.toFixed(0);

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "salesdash-bench-facts-loop-"));
  const file = path.join(dir, "mirror.sqlite");
  const dataset = new Dataset("salesdash", SCALE);
  const today = dayOf(NOW);
  const products = new Map<string, number>();
  let rows = 0;
  const filling = new SqlitePurchaseFactStore(file);
  console.log(`filling ${DAYS} days at scale ${SCALE} (load ${load()})`);
  for (let d = today; d > today - DAYS; d--) {
    const day = new Date(d * 86_400_000).toISOString().slice(0, 10);
    const facts = dataset.dayRecords(accounts.creator.scope, "purchases", d, NOW).flatMap((r) => {
      const parsed = purchaseSchema.safeParse(r);
      return parsed.success ? [purchaseFactRow(parsed.data)] : [];
    });
    for (const f of facts) products.set(f.dims.product, (products.get(f.dims.product) ?? 0) + 1);
    rows += facts.length;
    await filling.replaceDay(ACCOUNT, day, NOW, facts);
  }
  await filling.close();
  const [product, matching] = [...products].sort((a, b) => b[1] - a[1])[0]!;
  const from = new Date((today - DAYS + 1) * 86_400_000).toISOString().slice(0, 10);
  const to = new Date(today * 86_400_000).toISOString().slice(0, 10);
  console.log(`${rows} rows; summary ${from} .. ${to}, UTC, product = ${product} (${matching} rows)`);

  const measure = async (label: string, store: PurchaseFactStore) => {
    const answers: string[] = [];
    for (let run = 1; run <= RUNS; run++) {
      const before = load();
      const delay = monitorEventLoopDelay({ resolution: 10 });
      delay.enable();
      // The monitor records the gap between two of its ticks: it must have ticked once before
      // the summary starts, or a stall at the very start goes unrecorded.
      await new Promise((resolve) => setTimeout(resolve, 50));
      const started = performance.now();
      const summary = await purchaseSummaryFromFacts(store, ACCOUNT, { from, to, timeZone: "UTC", filters: { product: [product] }, currency: assumeCurrency("brl") });
      const took = performance.now() - started;
      // One more turn, so a stall that ended with the summary is recorded.
      await new Promise((resolve) => setTimeout(resolve, 20));
      delay.disable();
      answers.push(JSON.stringify(summary, (_key, value: unknown) => (value instanceof Map ? [...value] : value)));
      console.log(`${label}, run ${run}: summary ${ms(took)} ms, longest event-loop stall ${ms(delay.max / 1e6)} ms (load ${before} -> ${load()})`);
      delay.reset();
    }
    return answers;
  };
  const inThread = new SqlitePurchaseFactStore(file);
  const before = await measure("on the main thread (before)", inThread);
  await inThread.close();
  const inWorker = openWorkerPurchaseFactStore(file);
  // The worker's start (tsx loading the store) is not the summary's: it is paid once per process.
  await inWorker.readDayMeta(ACCOUNT, [to]);
  const after = await measure("in the worker thread (after)", inWorker);
  await inWorker.close();
  console.log(`the same summary from both: ${[...before, ...after].every((a) => a === before[0]) ? "yes" : "NO"}`);
  fs.rmSync(dir, { recursive: true, force: true });
}

runMain(main);
