// npm run bench:order-facts [-- --scale N --days N] — the Orders report with one product filter,
// from the records (every order of the range opened) and from the orders fact table (#25), on
// one mirror file. The mirror is filled without a sync: the sandbox's generator (the large
// creator account, its fixed now) gives each UTC day's orders, stored through
// MirrorDayCache.set as the sync stores them (sealed day, day mark, fact rows). Then the view is
// built as the route builds it, by a mirrored client whose every day is fresh (no upstream
// request), last two years in UTC, no comparison (the period before lies beyond the days filled).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { DAY_DIGESTERS } from "@/lib/mirror/day-digesters";
import { DEFAULT_FRESHNESS } from "@/lib/mirror/freshness-policy";
import { deriveMirrorKey } from "@/lib/mirror/mirror-cipher";
import { createMirroredClient } from "@/lib/mirror/mirror-access";
import { MirrorDayCache } from "@/lib/mirror/mirror-day-cache";
import { orderFactTable } from "@/lib/mirror/fact-tables";
import { FILTER_KEYS, type FilterKey, type ReportParams } from "@/lib/report-params/definitions";
import { presetRange } from "@/lib/report-params/presets";
import { buildOrdersView } from "@/lib/reports/server/orders-report";
import { credentialFrom, type SalesApiClient } from "@/lib/sales-api";
import { dayKey } from "@/lib/sales-api/day-cache";
import { orderSchema } from "@/lib/sales-api/schemas/order";
import { createTransport } from "@/lib/sales-api/transport";
import { SqliteMirrorStore } from "@/lib/store/sqlite-mirror-store";
import { SqliteOrderFactStore } from "@/lib/store/sqlite-order-fact-store";
import { makeAccounts } from "../sandbox/accounts";
import { Dataset } from "../sandbox/data/dataset";
import { dayOf } from "../sandbox/data/time";

const { values } = parseArgs({ options: { scale: { type: "string", default: "20" }, days: { type: "string", default: "731" } } });
const SCALE = Number(values.scale);
const DAYS = Number(values.days);
const NOW = Date.parse("2026-06-15T12:00:00Z");
const SECRET = "bench-order-facts-secret-0123456789abcdef";
const accounts = makeAccounts("salesdash");
const credential = credentialFrom({ apiKey: accounts.creator.apiKey });
const s = (ms: number) => (ms / 1000).toFixed(2);
const load = () => os.loadavg().map((n) => n.toFixed(1)).join(" ");
const rssMiB = () => (process.memoryUsage().rss / 1_048_576).toFixed(0);

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "salesdash-bench-order-facts-"));
  const file = path.join(dir, "mirror.sqlite");
  const mirror = new SqliteMirrorStore(file);
  const orderFacts = new SqliteOrderFactStore(file);
  const clock = () => NOW;
  const client: SalesApiClient = createMirroredClient({
    credential,
    target: "production",
    transport: createTransport({ baseUrl: "https://127.0.0.1:9", timeoutMs: 1000 }),
    clock,
    mirror: { store: mirror, orderFacts, clock, serverSecret: SECRET },
  });
  const cache = new MirrorDayCache(mirror, client.identity, deriveMirrorKey(SECRET, credential), DEFAULT_FRESHNESS, clock, undefined, DAY_DIGESTERS, { orders: orderFactTable(orderFacts) });

  console.log(`filling ${DAYS} days at scale ${SCALE} (load ${load()})`);
  const dataset = new Dataset("salesdash", SCALE);
  const today = dayOf(NOW);
  let orders = 0;
  const t0 = performance.now();
  for (let d = today; d > today - DAYS; d--) {
    const day = new Date(d * 86_400_000).toISOString().slice(0, 10);
    const records = dataset.dayRecords(accounts.creator.scope, "orders", d, NOW).flatMap((r) => {
      const parsed = orderSchema.safeParse(r);
      return parsed.success ? [parsed.data] : [];
    });
    orders += records.length;
    await cache.set(dayKey(client.identity, "orders", day), { records, complete: true, fetchedAt: NOW });
  }
  console.log(`filled ${orders} orders in ${s(performance.now() - t0)} s; file ${(fs.statSync(file).size / 1_048_576).toFixed(0)} MiB`);

  // The last two years in UTC, or the days filled when fewer.
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
  const time = async (label: string, params: ReportParams, options: { orderFacts?: SqliteOrderFactStore }) => {
    const before = load();
    const started = performance.now();
    const view = await buildOrdersView(client, params, options);
    const ms = performance.now() - started;
    console.log(`${label}: ${s(ms)} s (load ${before} -> ${load()}, RSS ${rssMiB()} MiB)`);
    return { view, json: JSON.stringify(view, (key, value: unknown) => (key === "computedAt" ? 0 : value)) };
  };
  const unfiltered = await time("unfiltered, from the fact table", base, { orderFacts });
  const product = unfiltered.view.filterOptions.product?.[0] ?? "none";
  const params = { ...base, filters: { ...base.filters, product: [product] } };
  console.log(`Orders ${range.from} .. ${range.to}, UTC, per month, product = ${product}, ${unfiltered.view.totals.reduce((n, t) => n + t.count, 0)} orders unfiltered`);
  const records = await time("filtered, from the records (before)", params, {});
  const first = await time("filtered, from the fact table (after)", params, { orderFacts });
  const second = await time("filtered, from the fact table, again", params, { orderFacts });
  const unfilteredRecords = await time("unfiltered, from the records", base, {});
  console.log(`the same view from both: ${records.json === first.json && first.json === second.json && unfilteredRecords.json === unfiltered.json ? "yes" : "NO"}`);
  await mirror.close();
  await orderFacts.close();
  fs.rmSync(dir, { recursive: true, force: true });
}

void main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
