// node --conditions=react-server --import tsx scripts/bench/csv-parts.ts (SCALE=2 DAYS=730 by
// default): where the purchases CSV's CPU goes, all on one thread (the fact store in process, so
// nothing overlaps and a shared machine's load shows less than in the wall clock): the store's
// batches (SQL, the rows' values made), a structured clone of each (what crossing from the worker
// thread costs, both ends), and the rest: the sealed cells opened and the file written and hashed.
// Three runs on one filled mirror; loadMs is the export's figures before the first row.
import { createHash } from "node:crypto";
import { csvStream } from "@/lib/csv/stream";
import { columnsInZone } from "@/lib/csv/zoned-time";
import type { ReportParams } from "@/lib/report-params/definitions";
import { loadRevenueExport } from "@/lib/reports/server/revenue-export";
import { SqlitePurchaseFactStore } from "@/lib/store/sqlite-purchase-fact-store";
import { BENCH_TODAY, fillTempMirror, isoOfDay, NO_FILTERS, openBenchMirror } from "./fill-mirror";
import { runMain } from "./run-main";

const SECRET = "bench-purchases-csv-secret-0123456789abcdef";
const DAYS = Number(process.env.DAYS ?? 730);
/** CPU ms of this process (one thread does everything here). */
const cpu = () => {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1000;
};
async function main() {
  process.env.AUTH_SECRET = SECRET;
  const filled = await fillTempMirror({ name: "bench-csv-parts", scale: Number(process.env.SCALE ?? 2), days: DAYS, resources: ["purchases"], serverSecret: SECRET, stores: (file) => ({ facts: new SqlitePurchaseFactStore(file) }) });
  const facts = filled.stores.facts;
  const times = { sql: 0, clone: 0 };
  const original = facts.csvBatch.bind(facts);
  facts.csvBatch = async (account, request) => {
    let t = cpu();
    const batch = await original(account, request);
    times.sql += cpu() - t;
    t = cpu();
    const copy = structuredClone(batch);
    times.clone += cpu() - t;
    return copy;
  };
  const { client } = openBenchMirror({ store: filled.mirror, serverSecret: SECRET, facts });
  const p: ReportParams = { from: isoOfDay(BENCH_TODAY - DAYS + 1), to: isoOfDay(BENCH_TODAY), preset: null, compare: "none", dating: "sale", granularity: "month", tz: "UTC", currency: null, filters: NO_FILTERS };
  for (let run = 0; run < 3; run++) {
    times.sql = times.clone = 0;
    const start = cpu();
    const set = (await loadRevenueExport(client, "creator", p, { facts })).datasets.get("purchases")!;
    const loaded = cpu();
    const reader = csvStream(columnsInZone(set.columns, p.tz), set.rows).getReader();
    const hash = createHash("sha256");
    let bytes = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.length;
      hash.update(value);
    }
    const end = cpu();
    const writing = end - loaded - times.sql - times.clone;
    console.log(JSON.stringify({ run, loadMs: Math.round(loaded - start), sqlMs: Math.round(times.sql), cloneMs: Math.round(times.clone), writingMs: Math.round(writing), bytes, sha: hash.digest("hex").slice(0, 12) }));
  }
  await filled.mirror.close();
  await facts.close();
  (await import("node:fs")).rmSync(filled.dir, { recursive: true, force: true });
}
runMain(main);
