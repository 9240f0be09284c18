// npm run bench:payout-facts [-- --scale N] — the payout calendar (two years of history) from the
// purchase records (every sealed day opened, decrypted and parsed) and from the purchases fact
// table (#25), on one mirror file filled as bench:facts fills it (purchases, refunds and
// chargebacks of the large creator account through MirrorDayCache.set, as the sync stores them),
// with the fact store in its worker thread as the app opens it. Same view from both, or it says NO.
import { parseArgs } from "node:util";
import { HISTORY_DAYS } from "@/lib/reports/payouts-month";
import { buildPayoutsView } from "@/lib/reports/server/payouts-report";
import { openWorkerPurchaseFactStore } from "@/lib/store/worker-fact-stores";
import { BENCH_NOW as NOW, fillTempMirror, loadAverage as load, rssMiB, seconds as s } from "./bench/fill-mirror";

const { values } = parseArgs({ options: { scale: { type: "string", default: "5" } } });
const SCALE = Number(values.scale);
const DAYS = HISTORY_DAYS + 1;
const SECRET = "bench-payout-facts-secret-0123456789abcdef";

async function main(): Promise<void> {
  const filled = await fillTempMirror({ name: "bench-payout-facts", scale: SCALE, days: DAYS, resources: ["purchases", "refunds", "chargebacks"], serverSecret: SECRET, stores: (file) => ({ facts: openWorkerPurchaseFactStore(file) }) });
  const { bench: { client }, stores: { facts } } = filled;

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
  await facts.close();
  await filled.remove();
}

void main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
