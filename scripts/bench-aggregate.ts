// npm run bench:aggregate — time of the lib/analytics aggregations over 1,000,000 purchases
// (the large sandbox account, scale 20, newest first as the API returns them). Generation is
// not timed. Each pass runs on the same records; the first run is cold (JIT not warmed up),
// the figure reported is the median of the following runs, and the cold one is shown too.
import { attachRates } from "@/lib/analytics/attach-rates";
import { breakdowns } from "@/lib/analytics/breakdowns";
import { formatDay } from "@/lib/calendar";
import { fundsAvailability } from "@/lib/analytics/funds-availability";
import { revenueKpis } from "@/lib/analytics/revenue-kpis";
import { revenueSeries } from "@/lib/analytics/time-buckets";
import type { Purchase } from "@/lib/records/purchase";
import { creatorByNo } from "../sandbox/data/catalog";
import { generateDay } from "../sandbox/data/generate-day";
import { purchaseRecord } from "../sandbox/data/records";

const RECORDS = 1_000_000;
const NOW = Date.parse("2026-06-15T12:00:00Z"); // the sandbox's fixed now
const SEED = "salesdash";
const SCALE = 20;
const RUNS = 6;

function generate(): Purchase[] {
  const purchases: Purchase[] = [];
  const today = Math.floor(NOW / 86_400_000);
  for (let day = today; purchases.length < RECORDS; day--) {
    const dayRecords: Purchase[] = [];
    for (const co of generateDay(SEED, SCALE, creatorByNo(1), day).checkouts) {
      if (!co.order) continue;
      for (const p of co.order.purchases) if (p.createdMs <= NOW) dayRecords.push(purchaseRecord(co, p, co.order, NOW, "creator") as Purchase);
    }
    // Newest first within the day, as the API sends them; a checkout's purchases stay together.
    dayRecords.sort((a, b) => (a.checkoutInitializedAt < b.checkoutInitializedAt ? 1 : a.checkoutInitializedAt > b.checkoutInitializedAt ? -1 : 0));
    // Through JSON, as the records reach the app: flat strings, objects of one shape.
    purchases.push(...(JSON.parse(JSON.stringify(dayRecords)) as Purchase[]));
  }
  const records = purchases.slice(0, RECORDS);
  return records;
}

type Step = [name: string, run: (records: readonly Purchase[]) => unknown];

function steps(from: string, to: string): Step[] {
  const transaction = (p: Purchase) => p.amountTransaction;
  const createdAt = (p: Purchase) => p.purchaseCreatedAt;
  return [
    ["revenueKpis (creator)", (r) => revenueKpis(r, { keyType: "creator" })],
    ["revenueSeries day, UTC", (r) => revenueSeries(r, { from, to, granularity: "day", timeZone: "UTC", value: transaction, dateOf: createdAt })],
    ["revenueSeries day, Europe/Berlin", (r) => revenueSeries(r, { from, to, granularity: "day", timeZone: "Europe/Berlin", value: transaction, dateOf: createdAt })],
    ["breakdowns: product, offer, purchase type, payment method, psp, card brand, country", (r) => breakdowns(r, ["product", "offer", "purchaseType", "paymentMethod", "psp", "cardBrand", "country"], transaction)],
    ["attachRates", (r) => attachRates(r)],
    ["fundsAvailability (5 weeks)", (r) => fundsAvailability(r, { keyType: "creator", fromDay: "2026-06-15", weeks: 5, timeZone: "America/Sao_Paulo" })],
  ];
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

function main(): void {
  const started = performance.now();
  const records = generate();
  const days = records.map((p) => p.purchaseCreatedAt.slice(0, 10)).sort();
  const from = days[0]!;
  const to = formatDay(Math.floor(NOW / 86_400_000));
  const currencies = new Set(records.map((p) => p.currency)).size;
  process.stderr.write(`generated ${records.length.toLocaleString("en-US")} purchases (${from} .. ${to}, ${currencies} currencies) in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);

  const list = steps(from, to);
  const times = list.map(() => [] as number[]);
  const totals: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const runStart = performance.now();
    list.forEach(([, fn], i) => {
      const t = performance.now();
      fn(records);
      times[i]!.push(performance.now() - t);
    });
    totals.push(performance.now() - runStart);
  }
  const warm = (xs: number[]) => median(xs.slice(1));
  const lines = [
    "| step | cold (ms) | warm, median (ms) |",
    "|---|---:|---:|",
    ...list.map(([name], i) => `| ${name} | ${times[i]![0]!.toFixed(0)} | ${warm(times[i]!).toFixed(0)} |`),
    `| **all of the above** | **${totals[0]!.toFixed(0)}** | **${warm(totals).toFixed(0)}** |`,
  ];
  console.log(lines.join("\n"));
  console.log(`\ncold first run: ${totals[0]!.toFixed(0)} ms; warm runs: ${totals.slice(1).map((t) => t.toFixed(0)).join(", ")} ms`);
  console.log(`aggregate ${records.length.toLocaleString("en-US")} purchases: ${warm(totals).toFixed(0)} ms`);
}

main();
