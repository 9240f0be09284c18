import fs from "node:fs";
import inspector from "node:inspector/promises";
import path from "node:path";
import { buildAbandonmentView } from "@/lib/reports/server/abandonment-report";
import { SqliteCartFactStore } from "@/lib/store/sqlite-cart-fact-store";
import { SqlitePurchaseFactStore } from "@/lib/store/sqlite-purchase-fact-store";
import { SqliteMirrorStore } from "@/lib/store/sqlite-mirror-store";
import { BENCH_TODAY, fillMirror, lastTwoYears, openBenchMirror, seconds as s, loadAverage as load, rssMiB } from "./bench/fill-mirror";

const dir = process.env.AB_DIR ?? "/work/bench-ab";
const scale = Number(process.env.AB_SCALE ?? "5");
const SECRET = "bench-cart-facts-secret-0123456789abcdef";
async function main() {
  const file = path.join(dir, `mirror-${scale}.sqlite`);
  if (fs.existsSync(file)) fs.rmSync(file); for (const x of ["-wal", "-shm"]) fs.rmSync(file + x, { force: true });
  const exists = false;
  const mirror = new SqliteMirrorStore(file);
  const cartFacts = new SqliteCartFactStore(file);
  const facts = new SqlitePurchaseFactStore(file);
  const bench = openBenchMirror({ store: mirror, serverSecret: SECRET, cartFacts, facts, clock: () => Date.now() });
  if (!exists) {
    const t = performance.now();
    const counts = await fillMirror(bench, { scale, resources: ["abandoned-carts", "purchases"], firstDay: BENCH_TODAY - 730, lastDay: BENCH_TODAY, fetchedAt: Date.now() });
    console.log("filled", counts, s(performance.now() - t));
  }
  const base = lastTwoYears(731);
  const runs = Number(process.env.AB_RUNS ?? "2");
  let json = "";
  const session = new inspector.Session(); session.connect();
  for (let i = 0; i < runs; i++) {
    if (i === 1) { await session.post("Profiler.enable"); await session.post("Profiler.start"); }
    const t = performance.now();
    const view = await buildAbandonmentView(bench.client, base, { cartFacts, facts });
    console.log(`facts run ${i}: ${s(performance.now() - t)} s load ${load()} rss ${rssMiB()} carts ${view.totalCarts}`);
    json = JSON.stringify(view, (k, v: unknown) => (k === "computedAt" ? 0 : v));
  }
  if (runs > 1) { const { profile } = await session.post("Profiler.stop"); fs.writeFileSync("/tmp/ab.cpuprofile", JSON.stringify(profile)); }
  if (process.env.AB_RECORDS) {
    const t = performance.now();
    const view = await buildAbandonmentView(bench.client, base, {});
    console.log(`records: ${s(performance.now() - t)} s`);
    console.log("same", JSON.stringify(view, (k, v: unknown) => (k === "computedAt" ? 0 : v)) === json);
  }
  fs.writeFileSync(path.join(dir, `view-${scale}.json`), json);
  await cartFacts.close(); await facts.close(); await mirror.close();
}
void main().then(() => process.exit(0), (e) => { console.error(e); process.exit(1); });
