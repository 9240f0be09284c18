// npm run bench:cart-facts [-- --scale N --days N] — the Abandonment report with one product
// filter and without, from the records (every cart and purchase of the range opened) and with its
// carts from the carts fact table (#25), on one mirror file. The mirror is filled without a sync:
// the sandbox's generator (the large creator account, its fixed now) gives each UTC day's carts
// and purchases, stored through MirrorDayCache.set as the sync stores them (sealed day, day mark
// or summary, cart rows). Then the view is built as the route builds it, by a mirrored client
// whose every day is fresh (no upstream request), last two years in UTC, no comparison. The
// purchases' side still opens its records on both paths (the purchases fact table holds no
// checkout ids yet).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { DAY_DIGESTERS } from "@/lib/mirror/day-digesters";
import { DEFAULT_FRESHNESS } from "@/lib/mirror/freshness-policy";
import { deriveMirrorKey } from "@/lib/mirror/mirror-cipher";
import { createMirroredClient } from "@/lib/mirror/mirror-access";
import { MirrorDayCache } from "@/lib/mirror/mirror-day-cache";
import { cartFactTable } from "@/lib/mirror/fact-tables";
import { FILTER_KEYS, type FilterKey, type ReportParams } from "@/lib/report-params/definitions";
import { presetRange } from "@/lib/report-params/presets";
import { buildAbandonmentView } from "@/lib/reports/server/abandonment-report";
import { credentialFrom, type SalesApiClient } from "@/lib/sales-api";
import { dayKey } from "@/lib/sales-api/day-cache";
import { abandonedCartSchema } from "@/lib/sales-api/schemas/abandoned-cart";
import { purchaseSchema } from "@/lib/sales-api/schemas/purchase";
import { createTransport } from "@/lib/sales-api/transport";
import { SqliteMirrorStore } from "@/lib/store/sqlite-mirror-store";
import { SqliteCartFactStore } from "@/lib/store/sqlite-cart-fact-store";
import { makeAccounts } from "../sandbox/accounts";
import { Dataset } from "../sandbox/data/dataset";
import { dayOf } from "../sandbox/data/time";

const { values } = parseArgs({ options: { scale: { type: "string", default: "5" }, days: { type: "string", default: "731" } } });
const SCALE = Number(values.scale);
const DAYS = Number(values.days);
const NOW = Date.parse("2026-06-15T12:00:00Z");
const SECRET = "bench-cart-facts-secret-0123456789abcdef";
const accounts = makeAccounts("salesdash");
const credential = credentialFrom({ apiKey: accounts.creator.apiKey });
const s = (ms: number) => (ms / 1000).toFixed(2);
const load = () => os.loadavg().map((n) => n.toFixed(1)).join(" ");
const rssMiB = () => (process.memoryUsage().rss / 1_048_576).toFixed(0);

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "salesdash-bench-cart-facts-"));
  const file = path.join(dir, "mirror.sqlite");
  const mirror = new SqliteMirrorStore(file);
  const cartFacts = new SqliteCartFactStore(file);
  const clock = () => NOW;
  const client: SalesApiClient = createMirroredClient({
    credential,
    target: "production",
    transport: createTransport({ baseUrl: "https://127.0.0.1:9", timeoutMs: 1000 }),
    clock,
    mirror: { store: mirror, cartFacts, clock, serverSecret: SECRET },
  });
  const cache = new MirrorDayCache(mirror, client.identity, deriveMirrorKey(SECRET, credential), DEFAULT_FRESHNESS, clock, undefined, DAY_DIGESTERS, { "abandoned-carts": cartFactTable(cartFacts) });

  console.log(`filling ${DAYS} days at scale ${SCALE} (load ${load()})`);
  const dataset = new Dataset("salesdash", SCALE);
  const today = dayOf(NOW);
  const counts = { carts: 0, purchases: 0 };
  const t0 = performance.now();
  for (let d = today; d > today - DAYS; d--) {
    const day = new Date(d * 86_400_000).toISOString().slice(0, 10);
    const carts = dataset.dayRecords(accounts.creator.scope, "abandoned-carts", d, NOW).flatMap((r) => {
      const parsed = abandonedCartSchema.safeParse(r);
      return parsed.success ? [parsed.data] : [];
    });
    const purchases = dataset.dayRecords(accounts.creator.scope, "purchases", d, NOW).flatMap((r) => {
      const parsed = purchaseSchema.safeParse(r);
      return parsed.success ? [parsed.data] : [];
    });
    counts.carts += carts.length;
    counts.purchases += purchases.length;
    await cache.set(dayKey(client.identity, "abandoned-carts", day), { records: carts, complete: true, fetchedAt: NOW });
    await cache.set(dayKey(client.identity, "purchases", day), { records: purchases, complete: true, fetchedAt: NOW });
  }
  console.log(`filled ${counts.carts} carts and ${counts.purchases} purchases in ${s(performance.now() - t0)} s; file ${(fs.statSync(file).size / 1_048_576).toFixed(0)} MiB`);

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
  console.log(`Abandonment ${range.from} .. ${range.to}, UTC, per month, product = ${product}, ${unfiltered.view.totalCarts} carts unfiltered`);
  const records = await time("filtered, from the records (before)", params, {});
  const first = await time("filtered, carts from the fact table (after)", params, { cartFacts });
  const second = await time("filtered, carts from the fact table, again", params, { cartFacts });
  const unfilteredRecords = await time("unfiltered, from the records", base, {});
  console.log(`the same view from both: ${records.json === first.json && first.json === second.json && unfilteredRecords.json === unfiltered.json ? "yes" : "NO"}`);
  await mirror.close();
  await cartFacts.close();
  fs.rmSync(dir, { recursive: true, force: true });
}

void main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
