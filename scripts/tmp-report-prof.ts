import fs from "node:fs";
import path from "node:path";
import inspector from "node:inspector/promises";
import { buildRefundsView } from "@/lib/reports/server/refunds-report";
import { buildAffiliatesView } from "@/lib/reports/server/affiliates-report";
import { SqlitePurchaseFactStore } from "@/lib/store/sqlite-purchase-fact-store";
import { SqliteEventFactStore } from "@/lib/store/sqlite-event-fact-store";
import { SqliteOrderFactStore } from "@/lib/store/sqlite-order-fact-store";
import { SqliteMirrorStore } from "@/lib/store/sqlite-mirror-store";
import { BENCH_TODAY, fillMirror, lastTwoYears, openBenchMirror, seconds as s, loadAverage as load, rssMiB } from "./bench/fill-mirror";

const dir = process.env.AB_DIR ?? "/work/bench-ab";
const scale = Number(process.env.AB_SCALE ?? "5");
const which = process.env.AB_REPORT ?? "refunds";
const SECRET = "bench-cart-facts-secret-0123456789abcdef";
async function main() {
  const file = path.join(dir, `mirror-r${scale}.sqlite`);
  for (const x of ["", "-wal", "-shm"]) fs.rmSync(file + x, { force: true });
  const mirror = new SqliteMirrorStore(file);
  const facts = new SqlitePurchaseFactStore(file);
  const eventFacts = new SqliteEventFactStore(file);
  const orderFacts = new SqliteOrderFactStore(file);
  const bench = openBenchMirror({ store: mirror, serverSecret: SECRET, facts, eventFacts, orderFacts, clock: () => Date.now() });
  const t0 = performance.now();
  const counts = await fillMirror(bench, { scale, resources: ["purchases", "orders", "refunds", "chargebacks"], firstDay: BENCH_TODAY - 1470, lastDay: BENCH_TODAY + 62, fetchedAt: Date.now() });
  console.log("filled", counts, s(performance.now() - t0));
  const base = { ...lastTwoYears(731), compare: "previous" as const };
  const runs = Number(process.env.AB_RUNS ?? "2");
  const session = new inspector.Session(); session.connect();
  for (const report of which.split(",")) {
    for (let i = 0; i < runs; i++) {
      if (i === runs - 1) { await session.post("Profiler.enable"); await session.post("Profiler.start"); }
      const t = performance.now();
      if (report === "refunds") await buildRefundsView(bench.client, "creator", base, { facts, eventFacts, orderFacts });
      else await buildAffiliatesView(bench.client, base, { facts });
      console.log(`${report} run ${i}: ${s(performance.now() - t)} s load ${load()} rss ${rssMiB()}`);
    }
    const { profile } = await session.post("Profiler.stop");
    fs.writeFileSync(`/tmp/${report}.cpuprofile`, JSON.stringify(profile));
  }
  await facts.close(); await eventFacts.close(); await orderFacts.close(); await mirror.close();
}
void main().then(() => process.exit(0), (e) => { console.error(e); process.exit(1); });
