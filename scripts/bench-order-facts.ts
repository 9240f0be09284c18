// npm run bench:order-facts [-- --scale N --days N] — the Orders report with one product filter,
// from the records (every order of the range opened) and from the orders fact table (#25), on
// one mirror file. The mirror is filled without a sync (scripts/bench/fill-mirror.ts). Then the view is
// built as the route builds it, by a mirrored client whose every day is fresh (no upstream
// request), last two years in UTC, no comparison (the period before lies beyond the days filled).
import type { ReportParams } from "@/lib/report-params/definitions";
import { buildOrdersView } from "@/lib/reports/server/orders-report";
import { SqliteOrderFactStore } from "@/lib/store/sqlite-order-fact-store";
import { benchSize, fillFactBench, timedView } from "./bench/fact-bench";
import { runMain } from "./bench/run-main";

const SIZE = benchSize("20");
const SECRET = "bench-order-facts-secret-0123456789abcdef";

async function main(): Promise<void> {
  const { filled, base } = await fillFactBench(SIZE, { name: "bench-order-facts", resources: ["orders"], serverSecret: SECRET, stores: (file) => ({ orderFacts: new SqliteOrderFactStore(file) }) });
  const { bench: { client }, stores: { orderFacts } } = filled;

  const time = (label: string, params: ReportParams, options: { orderFacts?: SqliteOrderFactStore }) => timedView(label, () => buildOrdersView(client, params, options));
  const unfiltered = await time("unfiltered, from the fact table", base, { orderFacts });
  const product = unfiltered.view.filterOptions.product?.[0] ?? "none";
  const params = { ...base, filters: { ...base.filters, product: [product] } };
  console.log(`Orders ${base.from} .. ${base.to}, UTC, per month, product = ${product}, ${unfiltered.view.totals.reduce((n, t) => n + t.count, 0)} orders unfiltered`);
  const records = await time("filtered, from the records (before)", params, {});
  const first = await time("filtered, from the fact table (after)", params, { orderFacts });
  const second = await time("filtered, from the fact table, again", params, { orderFacts });
  const unfilteredRecords = await time("unfiltered, from the records", base, {});
  console.log(`the same view from both: ${records.json === first.json && first.json === second.json && unfilteredRecords.json === unfiltered.json ? "yes" : "NO"}`);
  await orderFacts.close();
  await filled.remove();
}

runMain(main);
