// npm run bench:cart-facts [-- --scale N --days N] — the Abandonment report with one product
// filter and without, from the records (every cart and purchase of the range opened), with its
// carts from the carts fact table, and with both halves from the tables (carts and purchases,
// #25), on one mirror file. The mirror is filled without a sync (scripts/bench/fill-mirror.ts):
// the sandbox's generator (the large creator account, its fixed now) gives each UTC day's carts
// and purchases, stored through MirrorDayCache.set as the sync stores them (sealed day, day mark
// or summary, cart and purchase rows). Then the view is built as the route builds it, by a
// mirrored client whose every day is fresh (no upstream request), last two years in UTC, no comparison.
import type { ReportParams } from "@/lib/report-params/definitions";
import { buildAbandonmentView } from "@/lib/reports/server/abandonment-report";
import { SqliteCartFactStore } from "@/lib/store/sqlite-cart-fact-store";
import { SqlitePurchaseFactStore } from "@/lib/store/sqlite-purchase-fact-store";
import { benchSize, fillFactBench, timedView } from "./bench/fact-bench";
import { runMain } from "./bench/run-main";

const SIZE = benchSize("5");
const SECRET = "bench-cart-facts-secret-0123456789abcdef";

async function main(): Promise<void> {
  const { filled, base } = await fillFactBench(SIZE, { name: "bench-cart-facts", resources: ["abandoned-carts", "purchases"], serverSecret: SECRET, stores: (file) => ({ cartFacts: new SqliteCartFactStore(file), facts: new SqlitePurchaseFactStore(file) }) });
  const { bench: { client }, stores: { cartFacts, facts } } = filled;

  const time = (label: string, params: ReportParams, options: { cartFacts?: SqliteCartFactStore; facts?: SqlitePurchaseFactStore }) => timedView(label, () => buildAbandonmentView(client, params, options));
  const unfiltered = await time("unfiltered, carts and purchases from the fact tables", base, { cartFacts, facts });
  const product = unfiltered.view.byProduct[0]?.key ?? "none";
  const params = { ...base, filters: { ...base.filters, product: [product] } };
  console.log(`Abandonment ${base.from} .. ${base.to}, UTC, per month, product = ${product}, ${unfiltered.view.totalCarts} carts unfiltered`);
  const records = await time("filtered, from the records (before)", params, {});
  const carts = await time("filtered, carts from the fact table", params, { cartFacts });
  const first = await time("filtered, carts and purchases from the fact tables (after)", params, { cartFacts, facts });
  const second = await time("filtered, carts and purchases from the fact tables, again", params, { cartFacts, facts });
  const unfilteredCarts = await time("unfiltered, carts from the fact table", base, { cartFacts });
  const unfilteredRecords = await time("unfiltered, from the records", base, {});
  const same = [carts, first, second].every((v) => v.json === records.json) && [unfilteredCarts, unfilteredRecords].every((v) => v.json === unfiltered.json);
  console.log(`the same view from all: ${same ? "yes" : "NO"}`);
  await cartFacts.close();
  await facts.close();
  await filled.remove();
}

runMain(main);
