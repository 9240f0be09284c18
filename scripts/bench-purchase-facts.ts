// npm run bench:facts [-- --scale N --days N] — Revenue with one product filter, from the records
// (every record of the range opened) and from the purchases fact table (#25), on one mirror file.
// The mirror is filled without a sync (scripts/bench/fill-mirror.ts). Then the report is built as the route builds it,
// by a mirrored client whose every day is fresh (no upstream request), last two years in UTC,
// no comparison (the period before lies beyond the days filled).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { buildRevenueView } from "@/lib/reports/server/revenue-report";
import { SqliteMirrorStore } from "@/lib/store/sqlite-mirror-store";
import { SqlitePurchaseFactStore } from "@/lib/store/sqlite-purchase-fact-store";
import { BENCH_TODAY as today, fillMirror, lastTwoYears, loadAverage as load, openBenchMirror, rssMiB, seconds as s } from "./bench/fill-mirror";

const { values } = parseArgs({ options: { scale: { type: "string", default: "20" }, days: { type: "string", default: "731" } } });
const SCALE = Number(values.scale);
const DAYS = Number(values.days);
const SECRET = "bench-purchase-facts-secret-0123456789abcdef";

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "salesdash-bench-facts-"));
  const file = path.join(dir, "mirror.sqlite");
  const mirror = new SqliteMirrorStore(file);
  const facts = new SqlitePurchaseFactStore(file);
  const bench = openBenchMirror({ store: mirror, facts, serverSecret: SECRET });
  const { client } = bench;

  console.log(`filling ${DAYS} days at scale ${SCALE} (load ${load()})`);
  const t0 = performance.now();
  const { purchases } = await fillMirror(bench, { scale: SCALE, resources: ["purchases"], firstDay: today - DAYS + 1, lastDay: today });
  console.log(`filled ${purchases} purchases in ${s(performance.now() - t0)} s; file ${(fs.statSync(file).size / 1_048_576).toFixed(0)} MiB`);

  const base = lastTwoYears(DAYS);
  const unfiltered = await buildRevenueView(client, "creator", base);
  const product = unfiltered.breakdowns.find((b) => b.id === "product")?.rows[0]?.key ?? "none";
  const params = { ...base, filters: { ...base.filters, product: [product] } };
  let summaries = 0;
  let summarizeMs = 0;
  const summarize = facts.summarize.bind(facts);
  facts.summarize = async (account, plan) => {
    summaries++;
    const t = performance.now();
    try {
      return await summarize(account, plan);
    } finally {
      summarizeMs += performance.now() - t;
    }
  };
  const time = async (label: string, options: { facts?: SqlitePurchaseFactStore }) => {
    summaries = 0;
    summarizeMs = 0;
    const before = load();
    const started = performance.now();
    const view = await buildRevenueView(client, "creator", params, options);
    const ms = performance.now() - started;
    console.log(`${label}: ${s(ms)} s (load ${before} -> ${load()}, RSS ${rssMiB()} MiB, ${summaries} fact-table summaries${summaries ? ` taking ${s(summarizeMs)} s` : ""})`);
    return JSON.stringify(view, (key, value: unknown) => (key === "computedAt" ? 0 : value));
  };
  console.log(`Revenue ${base.from} .. ${base.to}, UTC, per month, product = ${product}, ${unfiltered.rows.total} purchases unfiltered`);
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
