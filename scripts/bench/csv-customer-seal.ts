// node --conditions=react-server --import tsx scripts/bench/csv-customer-seal.ts — what opening the
// purchases CSV's sealed customer cells costs a row (issue #25 point 5), two ways: one AES-256-GCM
// blob per row (sealBytes of the row's three cells) or one per day (sealJson of the day's list, as
// the mirror writes it: lib/mirror/mirror-day-cache.ts), 400 rows a day, 200,000 rows, three rounds.
import { randomBytes } from "node:crypto";
import { openBytes, openJson, sealBytes, sealJson } from "@/lib/store/sealed-bytes";

const key = randomBytes(32);
const ROWS = 200_000;
const PER_DAY = 400;
const cells = (i: number) => [`J*** S*** ${i % 7}`, `j***@example.${i % 3 ? "com" : "net"}`, String(1000 + (i % 9000))];
const perRow = Array.from({ length: ROWS }, (_, i) => sealBytes(key, `acct|purchases|2026-01-01|customer:${i}`, Buffer.from(JSON.stringify(cells(i)))));
const perDay = Array.from({ length: ROWS / PER_DAY }, (_, d) => sealJson(key, `acct|purchases|day-${d}`, Array.from({ length: PER_DAY }, (_, i) => cells(d * PER_DAY + i)), 1));
for (let round = 1; round <= 3; round++) {
  let opened = 0;
  let started = performance.now();
  for (let i = 0; i < ROWS; i++) opened += (JSON.parse(openBytes(key, `acct|purchases|2026-01-01|customer:${i}`, perRow[i]!).toString("utf8")) as string[]).length;
  const row = ((performance.now() - started) * 1000) / ROWS;
  started = performance.now();
  for (let d = 0; d < ROWS / PER_DAY; d++) opened += (openJson(key, `acct|purchases|day-${d}`, perDay[d]!) as string[][]).length;
  const day = ((performance.now() - started) * 1000) / ROWS;
  console.log(`round ${round}: a blob per row ${row.toFixed(2)} µs a row, a blob per day ${day.toFixed(3)} µs a row (${opened} opened)`);
}
