// npm run bench:facts [-- --scale N --days N] — Revenue with one product filter, from the records
// (every record of the range opened) and from the purchases fact table (#25), on one mirror file.
// The mirror is filled without a sync: the sandbox's generator (the large creator account, its
// fixed now) gives each UTC day's purchases, stored through MirrorDayCache.set as the sync stores
// them (sealed day, day summary, fact rows). Then the report is built as the route builds it,
// by a mirrored client whose every day is fresh (no upstream request), last two years in UTC,
// no comparison (the period before lies beyond the days filled).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { DAY_DIGESTERS } from "@/lib/mirror/day-digesters";
import { DEFAULT_FRESHNESS } from "@/lib/mirror/freshness-policy";
import { deriveMirrorKey } from "@/lib/mirror/mirror-cipher";
import { createMirroredClient } from "@/lib/mirror/mirror-access";
import { MirrorDayCache } from "@/lib/mirror/mirror-day-cache";
import { purchaseFactTable } from "@/lib/mirror/fact-tables";
import { FILTER_KEYS, type FilterKey, type ReportParams } from "@/lib/report-params/definitions";
import { presetRange } from "@/lib/report-params/presets";
import { buildRevenueView } from "@/lib/reports/server/revenue-report";
import { credentialFrom, type SalesApiClient } from "@/lib/sales-api";
import { dayKey } from "@/lib/sales-api/day-cache";
import { purchaseSchema } from "@/lib/sales-api/schemas/purchase";
import { createTransport } from "@/lib/sales-api/transport";
import { SqliteMirrorStore } from "@/lib/store/sqlite-mirror-store";
import { SqlitePurchaseFactStore } from "@/lib/store/sqlite-purchase-fact-store";
import { makeAccounts } from "../sandbox/accounts";
import { Dataset } from "../sandbox/data/dataset";
import { dayOf } from "../sandbox/data/time";

const { values } = parseArgs({ options: { scale: { type: "string", default: "20" }, days: { type: "string", default: "731" } } });
const SCALE = Number(values.scale);
const DAYS = Number(values.days);
const NOW = Date.parse("2026-06-15T12:00:00Z");
const SECRET = "bench-purchase-facts-secret-0123456789abcdef";
const accounts = makeAccounts("salesdash");
const credential = credentialFrom({ apiKey: accounts.creator.apiKey });
const s = (ms: number) => (ms / 1000).toFixed(2);
const load = () => os.loadavg().map((n) => n.toFixed(1)).join(" ");
const rssMiB = () => (process.memoryUsage().rss / 1_048_576).toFixed(0);

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "salesdash-bench-facts-"));
  const file = path.join(dir, "mirror.sqlite");
  const mirror = new SqliteMirrorStore(file);
  const facts = new SqlitePurchaseFactStore(file);
  const clock = () => NOW;
  const client: SalesApiClient = createMirroredClient({
    credential,
    target: "production",
    transport: createTransport({ baseUrl: "https://127.0.0.1:9", timeoutMs: 1000 }),
    clock,
    mirror: { store: mirror, facts, clock, serverSecret: SECRET },
  });
  const cache = new MirrorDayCache(mirror, client.identity, deriveMirrorKey(SECRET, credential), DEFAULT_FRESHNESS, clock, undefined, DAY_DIGESTERS, { purchases: purchaseFactTable(facts) });

  console.log(`filling ${DAYS} days at scale ${SCALE} (load ${load()})`);
  const dataset = new Dataset("salesdash", SCALE);
  const today = dayOf(NOW);
  let purchases = 0;
  const t0 = performance.now();
  for (let d = today; d > today - DAYS; d--) {
    const day = new Date(d * 86_400_000).toISOString().slice(0, 10);
    const records = dataset.dayRecords(accounts.creator.scope, "purchases", d, NOW).flatMap((r) => {
      const parsed = purchaseSchema.safeParse(r);
      return parsed.success ? [parsed.data] : [];
    });
    purchases += records.length;
    await cache.set(dayKey(client.identity, "purchases", day), { records, complete: true, fetchedAt: NOW });
  }
  console.log(`filled ${purchases} purchases in ${s(performance.now() - t0)} s; file ${(fs.statSync(file).size / 1_048_576).toFixed(0)} MiB`);

  // The last two years in UTC (a zone behind UTC would reach into tomorrow's UTC day), or the days filled when fewer.
  const preset = presetRange("last_two_years", "UTC", new Date(NOW));
  const firstFilled = new Date((today - DAYS + 1) * 86_400_000).toISOString().slice(0, 10);
  const range = { from: preset.from > firstFilled ? preset.from : firstFilled, to: preset.to };
  const base: ReportParams = {
    ...range,
    preset: "last_two_years",
    compare: "none",
    dating: "sale",
    granularity: "month",
    tz: "UTC",
    currency: null,
    filters: Object.fromEntries(FILTER_KEYS.map((k) => [k, []])) as unknown as Record<FilterKey, string[]>,
  };
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
  console.log(`Revenue ${range.from} .. ${range.to}, UTC, per month, product = ${product}, ${unfiltered.rows.total} purchases unfiltered`);
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
