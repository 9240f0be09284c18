// npm run bench:cart-facts [-- --scale N --days N] — the Abandonment report with one product
// filter and without, from the records (every cart and purchase of the range opened) and with its
// carts from the carts fact table (#25), on one mirror file. The mirror is filled without a sync (scripts/bench/fill-mirror.ts):
// the sandbox's generator (the large creator account, its fixed now) gives each UTC day's carts
// and purchases, stored through MirrorDayCache.set as the sync stores them (sealed day, day mark
// or summary, cart rows). Then the view is built as the route builds it, by a mirrored client
// whose every day is fresh (no upstream request), last two years in UTC, no comparison. The
// purchases' side still opens its records on both paths (the purchases fact table holds no
// checkout ids yet).
import { parseArgs } from "node:util";
import type { ReportParams } from "@/lib/report-params/definitions";
import { buildAbandonmentView } from "@/lib/reports/server/abandonment-report";
import { SqliteCartFactStore } from "@/lib/store/sqlite-cart-fact-store";
import { fillTempMirror, lastTwoYears, loadAverage as load, rssMiB, seconds as s } from "./bench/fill-mirror";

const { values } = parseArgs({ options: { scale: { type: "string", default: "5" }, days: { type: "string", default: "731" } } });
const SCALE = Number(values.scale);
const DAYS = Number(values.days);
const SECRET = "bench-cart-facts-secret-0123456789abcdef";

async function main(): Promise<void> {
  const filled = await fillTempMirror({ name: "bench-cart-facts", scale: SCALE, days: DAYS, resources: ["abandoned-carts", "purchases"], serverSecret: SECRET, stores: (file) => ({ cartFacts: new SqliteCartFactStore(file) }) });
  const { bench: { client }, stores: { cartFacts } } = filled;

  const base = lastTwoYears(DAYS);
  const time = async (label: string, params: ReportParams, options: { cartFacts?: SqliteCartFactStore }) => {
    const before = load();
    const started = performance.now();
    const view = await buildAbandonmentView(client, params, options);
    const ms = performance.now() - started;
    console.log(`${label}: ${s(ms)} s (load ${before} -> ${load()}, RSS ${rssMiB()} MiB)`);
    return { view, json: JSON.stringify(view, (key, value: unknown) => (key === "computedAt" ? 0 : value)) };
  };
  const unfiltered = await time("unfiltered, carts from the fact table", base, { cartFacts });
  const product = unfiltered.view.byProduct[0]?.key ?? "none";
  const params = { ...base, filters: { ...base.filters, product: [product] } };
  console.log(`Abandonment ${base.from} .. ${base.to}, UTC, per month, product = ${product}, ${unfiltered.view.totalCarts} carts unfiltered`);
  const records = await time("filtered, from the records (before)", params, {});
  const first = await time("filtered, carts from the fact table (after)", params, { cartFacts });
  const second = await time("filtered, carts from the fact table, again", params, { cartFacts });
  const unfilteredRecords = await time("unfiltered, from the records", base, {});
  console.log(`the same view from both: ${records.json === first.json && first.json === second.json && unfilteredRecords.json === unfiltered.json ? "yes" : "NO"}`);
  await cartFacts.close();
  await filled.remove();
}

void main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
