// npm run bench:facts [-- --scale N --days N] — Revenue with one product filter, from the records
// (every record of the range opened) and from the purchases fact table (#25), on one mirror file.
// The mirror is filled without a sync (scripts/bench/fill-mirror.ts). Then the report is built as the route builds it,
// by a mirrored client whose every day is fresh (no upstream request), last two years in UTC,
// no comparison (the period before lies beyond the days filled).
import { buildRevenueView } from "@/lib/reports/server/revenue-report";
import { SqlitePurchaseFactStore } from "@/lib/store/sqlite-purchase-fact-store";
import { seconds as s } from "./bench/fill-mirror";
import { benchSize, fillFactBench, timedView } from "./bench/fact-bench";
import { runMain } from "./bench/run-main";

const SIZE = benchSize("20");
const SECRET = "bench-purchase-facts-secret-0123456789abcdef";

async function main(): Promise<void> {
  const { filled, base } = await fillFactBench(SIZE, { name: "bench-facts", resources: ["purchases"], serverSecret: SECRET, stores: (file) => ({ facts: new SqlitePurchaseFactStore(file) }) });
  const { bench: { client }, stores: { facts } } = filled;

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
    const summarized = () => `, ${summaries} fact-table summaries${summaries ? ` taking ${s(summarizeMs)} s` : ""}`;
    return (await timedView(label, () => buildRevenueView(client, "creator", params, options), summarized)).json;
  };
  console.log(`Revenue ${base.from} .. ${base.to}, UTC, per month, product = ${product}, ${unfiltered.rows.total} purchases unfiltered`);
  const records = await time("from the records (before)", {});
  const first = await time("from the fact table (after)", { facts });
  const second = await time("from the fact table, again", { facts });
  const records2 = await time("from the records, again", {});
  console.log(`the same view from both: ${records === first && first === second && second === records2 ? "yes" : "NO"}`);
  await facts.close();
  await filled.remove();
}

runMain(main);
