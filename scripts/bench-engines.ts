// npm run bench:engines [-- --scale 20 --days 730 --zone America/New_York --runs 3 --engines a,b --keep DIR]
//
// Issue #25: which embedded engine holds the typed fact store (one row per purchase:
// amounts in integer cents, timestamps, every filter/group dimension as a column)? Builds
// the large sandbox account's purchases (Aurora Academy, the sandbox's own deterministic
// generator at --scale 20, two years before its fixed now: about 1.1 M rows), loads them
// into each candidate and times the report queries over two years in one IANA time zone,
// the local day computed in the query (DST included):
//
//   sqlite            better-sqlite3, typed columns, the local day from a CASE over the
//                     zone's UTC offsets in the range (computed in JS from Intl, inlined)
//   sqlite-worker     the sqlite file, queried by better-sqlite3 in a worker thread
//   sqlite-chacha20   better-sqlite3-multiple-ciphers, the same schema, encrypted (ChaCha20-Poly1305, a key)
//   sqlite-sqlcipher  the same with the SQLCipher v4 scheme (AES-256-CBC + HMAC-SHA512)
//   duckdb            @duckdb/node-api, TIMESTAMPTZ, timezone() from its built-in ICU
//   postgres          PostgreSQL on 127.0.0.1, its own database, timestamptz AT TIME ZONE (reference):
//                     createdb -h 127.0.0.1 -U postgres salesdash_bench_engines, or SALESDASH_BENCH_PG_URL
//
// Every query runs in a new child process per run (--runs, default 3): first on a new
// connection (cold: new process, new connection or instance, the OS page cache warm), then
// three more times on that connection (warm). Medians are printed. The child also measures
// how long the event loop was blocked while each query ran, and the CSV export runs in a
// child of its own (rows per second, peak RSS from the kernel's high-water mark). All
// engines' answers are compared with each other, and the daily series with a reference
// computed in JS with Intl from the generated rows.
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";

const DAY_MS = 86_400_000;
const FIXED_NOW = "2026-06-15T12:00:00Z";
const SEED = "salesdash";
const PAGE_SIZE = 50;
const FAR_PAGE = 500;
const ENGINES = ["sqlite", "sqlite-worker", "sqlite-chacha20", "sqlite-sqlcipher", "duckdb", "postgres"] as const;
type EngineName = (typeof ENGINES)[number];
const KEY = "bench-engines-key-7c1f0e"; // a passphrase; the app would hold a random key in its vault
const PG_URL = process.env.SALESDASH_BENCH_PG_URL ?? "postgres://postgres:postgres@127.0.0.1:5432/salesdash_bench_engines";

// ---------------------------------------------------------------------------------------
// The fact rows, columnar.

const TEXT_COLUMNS = ["currency", "product_name", "offer_code", "purchase_type", "payment_method", "psp", "card_brand", "country", "affiliate_name", "customer_name", "customer_email"] as const;
const INT_COLUMNS = ["purchase_id", "order_id", "created_ms", "product_id", "affiliate_id", "transaction_cents", "items_gross_cents", "items_net_cents", "shipping_cents", "taxes_cents", "affiliation_cents", "creator_net_cents", "creator_fee_cents", "refunded_cents", "incoming_ms"] as const;
type TextColumn = (typeof TEXT_COLUMNS)[number];
type IntColumn = (typeof INT_COLUMNS)[number];
/** Column order of the table in every engine. */
const COLUMNS: ReadonlyArray<IntColumn | TextColumn> = ["purchase_id", "order_id", "created_ms", "currency", "product_id", "product_name", "offer_code", "purchase_type", "payment_method", "psp", "card_brand", "country", "affiliate_id", "affiliate_name", "customer_name", "customer_email", "transaction_cents", "items_gross_cents", "items_net_cents", "shipping_cents", "taxes_cents", "affiliation_cents", "creator_net_cents", "creator_fee_cents", "refunded_cents", "incoming_ms"];
const NULLABLE = new Set<string>(["card_brand", "affiliate_id", "affiliate_name"]);

interface Facts {
  count: number;
  ints: Record<IntColumn, Array<number | null>>;
  texts: Record<TextColumn, Array<string | null>>;
}

async function buildFacts(scale: number, days: number): Promise<Facts> {
  const { generateDay } = await import("../sandbox/data/generate-day");
  const { creatorByNo } = await import("../sandbox/data/catalog");
  const now = Date.parse(FIXED_NOW);
  const creator = creatorByNo(1); // Aurora Academy, the sandbox's "creator" account
  const ints = Object.fromEntries(INT_COLUMNS.map((c) => [c, [] as Array<number | null>])) as Facts["ints"];
  const texts = Object.fromEntries(TEXT_COLUMNS.map((c) => [c, [] as Array<string | null>])) as Facts["texts"];
  const lastDay = Math.floor(now / DAY_MS);
  for (let day = lastDay - days; day <= lastDay; day++) {
    for (const co of generateDay(SEED, scale, creator, day).checkouts) {
      if (!co.order || co.loadedMs > now) continue;
      for (const p of co.order.purchases) {
        if (p.createdMs > now) continue;
        const a = p.amounts;
        const row: Record<IntColumn, number | null> = {
          purchase_id: p.purchaseId, order_id: co.order.orderId, created_ms: p.createdMs, product_id: p.product.productId,
          affiliate_id: co.affiliate?.affiliateId ?? null, transaction_cents: a.transaction, items_gross_cents: a.itemsGross,
          items_net_cents: a.itemsNet, shipping_cents: a.shipping, taxes_cents: a.taxes, affiliation_cents: a.affiliation,
          creator_net_cents: a.creatorNet, creator_fee_cents: a.creatorFee,
          refunded_cents: p.refund && p.refund.requestedMs <= now ? p.refund.amountCents : 0,
          incoming_ms: p.createdMs + co.payment.incomingDays * DAY_MS,
        };
        const trow: Record<TextColumn, string | null> = {
          currency: co.currency, product_name: p.product.productName, offer_code: p.offer.offerCode, purchase_type: p.offer.role,
          payment_method: co.payment.method, psp: co.payment.psp, card_brand: co.payment.cardBrand, country: co.customer.country,
          affiliate_name: co.affiliate?.affiliateName ?? null, customer_name: co.customer.name, customer_email: co.customer.email,
        };
        for (const c of INT_COLUMNS) ints[c].push(row[c]);
        for (const c of TEXT_COLUMNS) texts[c].push(trow[c]);
      }
    }
  }
  return { count: ints.purchase_id.length, ints, texts };
}

const valueOf = (f: Facts, c: IntColumn | TextColumn, i: number): number | string | null =>
  (INT_COLUMNS as readonly string[]).includes(c) ? f.ints[c as IntColumn][i]! : f.texts[c as TextColumn][i]!;

// ---------------------------------------------------------------------------------------
// Time zone: UTC offsets over a range, from Intl (no engine needed).

const offsetFormats = new Map<string, Intl.DateTimeFormat>();
function offsetMs(zone: string, ms: number): number {
  let f = offsetFormats.get(zone);
  if (!f) offsetFormats.set(zone, (f = new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "longOffset" })));
  const name = f.formatToParts(ms).find((p) => p.type === "timeZoneName")!.value; // "GMT-04:00", "GMT"
  const m = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  return m ? (m[1] === "-" ? -1 : 1) * (Number(m[2]) * 3_600_000 + Number(m[3]) * 60_000) : 0;
}

/** [startMs, offsetMs] segments covering [fromMs, toMs): where the zone's UTC offset changes, exact to the millisecond. */
function offsetSegments(zone: string, fromMs: number, toMs: number): Array<[number, number]> {
  const segs: Array<[number, number]> = [[fromMs, offsetMs(zone, fromMs)]];
  for (let t = fromMs + 3_600_000; t < toMs + 3_600_000; t += 3_600_000) {
    const o = offsetMs(zone, t);
    if (o === segs.at(-1)![1]) continue;
    let lo = t - 3_600_000, hi = t; // offset(lo) = previous, offset(hi) = o
    while (hi - lo > 1) {
      const mid = Math.floor((lo + hi) / 2);
      if (offsetMs(zone, mid) === o) hi = mid; else lo = mid;
    }
    segs.push([hi, o]);
  }
  return segs;
}

/** The instant a local calendar day starts in the zone. */
function localMidnight(zone: string, date: string): number {
  const naive = Date.parse(`${date}T00:00:00Z`);
  let t = naive - offsetMs(zone, naive);
  t = naive - offsetMs(zone, t); // second pass: the offset at the instant itself
  return t;
}

const dayText = (day: number): string => new Date(day * DAY_MS).toISOString().slice(0, 10);
const shiftDate = (date: string, days: number): string => dayText(Date.parse(`${date}T00:00:00Z`) / DAY_MS + days);

// ---------------------------------------------------------------------------------------
// Queries, in each dialect.

interface Plan {
  zone: string;
  from: string; // local dates, `to` exclusive
  to: string;
  mid: string; // the comparison split: [from, mid) previous year, [mid, to) current year
  fromMs: number;
  toMs: number;
  midMs: number;
  segments: Array<[number, number]>;
  product: number;
  method: string;
  cursors: { time: [number, number]; amount: [number, number] }; // last row of page FAR_PAGE-1
}

type Dialect = "sqlite" | "duckdb" | "postgres";
const dialectOf = (e: EngineName): Dialect => (e.startsWith("sqlite") ? "sqlite" : e === "duckdb" ? "duckdb" : "postgres");

function sqlParts(d: Dialect, plan: Plan) {
  const z = plan.zone.replace(/'/g, "''");
  if (d === "sqlite") {
    // No zone database in SQLite: the offsets of the range's segments, inlined as a CASE.
    const cases = plan.segments.slice(1).map(([start], i) => `WHEN created_ms < ${start} THEN ${plan.segments[i]![1]}`).join(" ");
    const offset = plan.segments.length > 1 ? `CASE ${cases} ELSE ${plan.segments.at(-1)![1]} END` : String(plan.segments[0]![1]);
    return {
      day: `((created_ms + ${offset}) / ${DAY_MS})`,
      created: "created_ms",
      range: (a: string, b: string) => `created_ms >= ${localMidnight(plan.zone, a)} AND created_ms < ${localMidnight(plan.zone, b)}`,
      ms: "created_ms",
      countDistinctOrders: "COUNT(DISTINCT order_id)",
      keysetLt: (col: string) => `(${col}, purchase_id) < (?, ?)`,
    };
  }
  if (d === "duckdb") {
    return {
      day: `CAST(timezone('${z}', created_at) AS DATE)`,
      created: "created_at",
      range: (a: string, b: string) => `created_at >= timezone('${z}', TIMESTAMP '${a} 00:00:00') AND created_at < timezone('${z}', TIMESTAMP '${b} 00:00:00')`,
      ms: "epoch_ms(created_at)",
      countDistinctOrders: "COUNT(DISTINCT order_id)",
      keysetLt: (col: string) => `(${col} < $1 OR (${col} = $1 AND purchase_id < $2))`,
    };
  }
  return {
    day: `(created_at AT TIME ZONE '${z}')::date`,
    created: "created_at",
    range: (a: string, b: string) => `created_at >= (TIMESTAMP '${a} 00:00:00' AT TIME ZONE '${z}') AND created_at < (TIMESTAMP '${b} 00:00:00' AT TIME ZONE '${z}')`,
    ms: "(extract(epoch FROM created_at) * 1000)::float8",
    countDistinctOrders: "COUNT(DISTINCT order_id)",
    keysetLt: (col: string) => `(${col}, purchase_id) < ($1, $2)`,
  };
}

interface QuerySpec { sql: string; params: Array<number | string> }

const QUERY_NAMES = [
  "kpis_2y", "kpis_1y_vs_prev", "series_day", "series_day_product", "series_day_product_method", "affiliates_top50",
  "page1_time", "page500_time_offset", "page500_time_keyset", "page1_amount", "page500_amount_offset", "page500_amount_keyset",
] as const;
type QueryName = (typeof QUERY_NAMES)[number];

function queries(d: Dialect, plan: Plan): Record<QueryName, QuerySpec> {
  const s = sqlParts(d, plan);
  const p = (i: number) => (d === "sqlite" ? "?" : `$${i}`);
  const range = s.range(plan.from, plan.to);
  const kpiCols = `SUM(transaction_cents) AS sales, SUM(items_gross_cents) AS gross, SUM(creator_net_cents) AS net, SUM(refunded_cents) AS refunded, COUNT(*) AS purchases, ${s.countDistinctOrders} AS orders`;
  const series = (extra: string) => `SELECT currency, ${s.day} AS day, SUM(items_gross_cents) AS gross, SUM(creator_net_cents) AS net, COUNT(*) AS purchases FROM purchase_fact WHERE ${range}${extra} GROUP BY 1, 2 ORDER BY 1, 2`;
  const pageCols = `purchase_id, ${s.ms} AS created_ms, transaction_cents, currency, product_name, purchase_type, payment_method, country, customer_name`;
  const page = (order: string, tail: string) => `SELECT ${pageCols} FROM purchase_fact WHERE ${range} ${order} ${tail}`;
  const byTime = "ORDER BY created_ms DESC, purchase_id DESC".replace("created_ms", d === "sqlite" ? "created_ms" : "created_at");
  const byAmount = "ORDER BY transaction_cents DESC, purchase_id DESC";
  const timeKeyset = d === "sqlite" ? s.keysetLt("created_ms")
    : d === "duckdb" ? `(epoch_ms(created_at) < $1 OR (epoch_ms(created_at) = $1 AND purchase_id < $2))`
    : `(created_at, purchase_id) < (to_timestamp($1::float8 / 1000), $2)`;
  const far = (FAR_PAGE - 1) * PAGE_SIZE;
  return {
    kpis_2y: { sql: `SELECT currency, ${kpiCols} FROM purchase_fact WHERE ${range} GROUP BY 1 ORDER BY 1`, params: [] },
    kpis_1y_vs_prev: {
      sql: `SELECT CASE WHEN ${s.range(plan.mid, plan.to)} THEN 'current' ELSE 'previous' END AS period, currency, ${kpiCols} FROM purchase_fact WHERE ${range} GROUP BY 1, 2 ORDER BY 1, 2`,
      params: [],
    },
    series_day: { sql: series(""), params: [] },
    series_day_product: { sql: series(` AND product_id = ${p(1)}`), params: [plan.product] },
    series_day_product_method: { sql: series(` AND product_id = ${p(1)} AND payment_method = ${p(2)}`), params: [plan.product, plan.method] },
    affiliates_top50: {
      sql: `SELECT affiliate_id, affiliate_name, currency, SUM(transaction_cents) AS sales, SUM(affiliation_cents) AS commission, COUNT(*) AS purchases FROM purchase_fact WHERE ${range} AND affiliate_id IS NOT NULL GROUP BY 1, 2, 3 ORDER BY sales DESC, affiliate_id, currency LIMIT 50`,
      params: [],
    },
    page1_time: { sql: page(byTime, `LIMIT ${PAGE_SIZE}`), params: [] },
    page500_time_offset: { sql: page(byTime, `LIMIT ${PAGE_SIZE} OFFSET ${far}`), params: [] },
    page500_time_keyset: { sql: `SELECT ${pageCols} FROM purchase_fact WHERE ${range} AND ${timeKeyset} ${byTime} LIMIT ${PAGE_SIZE}`, params: [plan.cursors.time[0], plan.cursors.time[1]] },
    page1_amount: { sql: page(byAmount, `LIMIT ${PAGE_SIZE}`), params: [] },
    page500_amount_offset: { sql: page(byAmount, `LIMIT ${PAGE_SIZE} OFFSET ${far}`), params: [] },
    page500_amount_keyset: { sql: `SELECT ${pageCols} FROM purchase_fact WHERE ${range} AND ${s.keysetLt("transaction_cents")} ${byAmount} LIMIT ${PAGE_SIZE}`, params: [plan.cursors.amount[0], plan.cursors.amount[1]] },
  };
}

function csvQuery(d: Dialect, plan: Plan): string {
  const s = sqlParts(d, plan);
  return `SELECT purchase_id, ${s.ms} AS created_ms, currency, product_name, offer_code, purchase_type, payment_method, psp, card_brand, country, affiliate_name, customer_name, customer_email, transaction_cents, items_gross_cents, creator_net_cents, refunded_cents FROM purchase_fact WHERE ${s.range(plan.from, plan.to)} ORDER BY ${d === "sqlite" ? "created_ms" : "created_at"} DESC, purchase_id DESC`;
}

// ---------------------------------------------------------------------------------------
// Connections: one small interface over the three drivers.

type Row = unknown[];
interface Conn {
  all(sql: string, params: Array<number | string>): Promise<Row[]>;
  /** Streams the rows in batches through a cursor or iterator; returns when all are handed over. */
  each(sql: string, onBatch: (rows: Row[]) => void): Promise<void>;
  close(): Promise<void>;
}

function dbPath(dir: string, e: EngineName): string {
  if (e === "sqlite-worker") return dbPath(dir, "sqlite"); // the same file, queried from a worker thread
  return path.join(dir, e === "duckdb" ? "facts.duckdb" : `facts-${e}.sqlite`);
}

async function openSqlite(e: EngineName, file: string, readonly: boolean): Promise<import("better-sqlite3").Database> {
  const Driver = (e === "sqlite" ? (await import("better-sqlite3")).default : (await import("better-sqlite3-multiple-ciphers")).default) as typeof import("better-sqlite3");
  const db = new Driver(file, { readonly });
  if (e === "sqlite-chacha20") {
    db.pragma("cipher = 'chacha20'");
    db.pragma(`key = '${KEY}'`);
  } else if (e === "sqlite-sqlcipher") {
    db.pragma("cipher = 'sqlcipher'");
    db.pragma("legacy = 4");
    db.pragma(`key = '${KEY}'`);
  }
  return db;
}

async function connect(e: EngineName, dir: string): Promise<Conn> {
  const d = dialectOf(e);
  if (e === "sqlite-worker") return connectWorker(dbPath(dir, e));
  if (d === "sqlite") {
    const db = await openSqlite(e, dbPath(dir, e), true);
    return {
      all: async (sql, params) => db.prepare(sql).raw(true).all(...params) as Row[],
      each: async (sql, onBatch) => {
        let batch: Row[] = [];
        for (const row of db.prepare(sql).raw(true).iterate() as IterableIterator<Row>) {
          batch.push(row);
          if (batch.length === 2048) {
            onBatch(batch);
            batch = [];
            await new Promise((r) => setImmediate(r)); // iterate() is synchronous: let other requests run between batches
          }
        }
        if (batch.length) onBatch(batch);
      },
      close: async () => { db.close(); },
    };
  }
  if (d === "duckdb") {
    const { DuckDBInstance } = await import("@duckdb/node-api");
    const instance = await DuckDBInstance.create(dbPath(dir, e), { access_mode: "READ_ONLY" });
    const c = await instance.connect();
    return {
      all: async (sql, params) => (await c.runAndReadAll(sql, params)).getRowsJS() as Row[],
      each: async (sql, onBatch) => {
        const result = await c.stream(sql);
        for await (const rows of result.yieldRowsJs()) onBatch(rows as Row[]);
      },
      close: async () => { c.closeSync(); instance.closeSync(); },
    };
  }
  const pg = (await import("pg")).default;
  pg.types.setTypeParser(1082, (v: string) => v); // date as its text
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  return {
    all: async (sql, params) => (await client.query({ text: sql, values: params, rowMode: "array" })).rows as Row[],
    each: async (sql, onBatch) => {
      await client.query("BEGIN READ ONLY");
      await client.query(`DECLARE export NO SCROLL CURSOR FOR ${sql}`);
      for (;;) {
        const { rows } = await client.query({ text: "FETCH 5000 FROM export", rowMode: "array" });
        if (rows.length === 0) break;
        onBatch(rows as Row[]);
      }
      await client.query("COMMIT");
    },
    close: async () => { await client.end(); },
  };
}

// better-sqlite3 is synchronous: "sqlite-worker" opens the same file in a worker thread and
// hands rows back by message (structured clone), so the main thread's loop keeps turning. The
// export pulls one batch per message: a worker that posts every batch at once floods the
// main thread's port, which Node drains in one go (the loop stood still 26 s for 1.1 M rows).
type ToWorker =
  | { id: number; kind: "all"; sql: string; params: Array<number | string> }
  | { id: number; kind: "each"; cursor: number; sql: string }
  | { id: number; kind: "next"; cursor: number }
  | { id: number; kind: "close" };
interface FromWorker { id: number; rows?: Row[]; done?: boolean; error?: string }

async function connectWorker(file: string): Promise<Conn> {
  const driver = createRequire(import.meta.url).resolve("better-sqlite3");
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { sqliteFile: file, driver } });
  let next = 0;
  const waiting = new Map<number, (m: FromWorker) => void>();
  worker.on("message", (m: FromWorker) => { const w = waiting.get(m.id); waiting.delete(m.id); w?.(m); });
  const call = (msg: ToWorker) => new Promise<FromWorker>((resolve, reject) => {
    waiting.set(msg.id, (m) => (m.error ? reject(new Error(m.error)) : resolve(m)));
    worker.postMessage(msg);
  });
  await call({ id: next++, kind: "all", sql: "SELECT 1", params: [] }); // the worker is up and the file open
  return {
    all: async (sql, params) => (await call({ id: next++, kind: "all", sql, params })).rows ?? [],
    each: async (sql, onBatch) => {
      const cursor = next++;
      let m = await call({ id: next++, kind: "each", cursor, sql });
      for (;;) {
        if (m.rows?.length) onBatch(m.rows);
        if (m.done) break;
        m = await call({ id: next++, kind: "next", cursor });
      }
    },
    close: async () => { await call({ id: next++, kind: "close" }); await worker.terminate(); },
  };
}

// The worker's code, plain CommonJS (a worker does not get tsx's loader on Node 20).
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const Driver = require(workerData.driver);
const db = new Driver(workerData.sqliteFile, { readonly: true });
const cursors = new Map();
parentPort.on("message", (msg) => {
  try {
    if (msg.kind === "close") { db.close(); parentPort.postMessage({ id: msg.id, done: true }); return; }
    if (msg.kind === "all") { parentPort.postMessage({ id: msg.id, rows: db.prepare(msg.sql).raw(true).all(...msg.params) }); return; }
    if (msg.kind === "each") cursors.set(msg.cursor, db.prepare(msg.sql).raw(true).iterate());
    const it = cursors.get(msg.cursor);
    const rows = [];
    let r;
    while (rows.length < 2048 && !(r = it.next()).done) rows.push(r.value);
    const done = rows.length < 2048;
    if (done) cursors.delete(msg.cursor);
    parentPort.postMessage({ id: msg.id, rows, done });
  } catch (err) {
    parentPort.postMessage({ id: msg.id, error: err.message });
  }
});
`;

// ---------------------------------------------------------------------------------------
// Loading.

function sqlType(d: Dialect, c: string): string {
  const isInt = (INT_COLUMNS as readonly string[]).includes(c);
  const nn = NULLABLE.has(c) ? "" : " NOT NULL";
  if (c === "created_ms" && d !== "sqlite") return `created_at ${d === "duckdb" ? "TIMESTAMPTZ" : "timestamptz"}${nn}`;
  if (d === "sqlite") return `${c} ${isInt ? "INTEGER" : "TEXT"}${nn}${c === "purchase_id" ? " PRIMARY KEY" : ""}`;
  return `${c} ${isInt ? (d === "duckdb" ? "BIGINT" : "bigint") : d === "duckdb" ? "VARCHAR" : "text"}${nn}${c === "purchase_id" ? " PRIMARY KEY" : ""}`;
}

interface LoadResult { insertMs: number; indexMs: number; bytes: number; note: string }

async function load(e: EngineName, dir: string, facts: Facts): Promise<LoadResult> {
  const d = dialectOf(e);
  const ddl = `CREATE TABLE purchase_fact (${COLUMNS.map((c) => sqlType(d, c)).join(", ")})`;
  const createdCol = d === "sqlite" ? "created_ms" : "created_at";
  const indexes = [
    `CREATE INDEX purchase_fact_created ON purchase_fact (${createdCol})`,
    `CREATE INDEX purchase_fact_product ON purchase_fact (product_id, ${createdCol})`,
    `CREATE INDEX purchase_fact_amount ON purchase_fact (transaction_cents, purchase_id)`,
  ];
  if (d === "sqlite") {
    const file = dbPath(dir, e);
    const db = await openSqlite(e, file, false);
    db.pragma("journal_mode = WAL");
    db.pragma("synchronous = NORMAL");
    db.exec(ddl);
    const insert = db.prepare(`INSERT INTO purchase_fact VALUES (${COLUMNS.map(() => "?").join(", ")})`);
    const t0 = performance.now();
    const values = new Array<number | string | null>(COLUMNS.length);
    const chunk = 50_000;
    for (let start = 0; start < facts.count; start += chunk) {
      db.transaction(() => {
        for (let i = start; i < Math.min(facts.count, start + chunk); i++) {
          for (let k = 0; k < COLUMNS.length; k++) values[k] = valueOf(facts, COLUMNS[k]!, i);
          insert.run(values);
        }
      })();
    }
    const t1 = performance.now();
    for (const sql of indexes) db.exec(sql);
    db.exec("ANALYZE");
    db.pragma("wal_checkpoint(TRUNCATE)");
    const t2 = performance.now();
    db.close();
    // Refuses to open without its key (and with a wrong one).
    let note = "";
    if (e !== "sqlite") {
      const Plain = (await import("better-sqlite3")).default;
      const refused: string[] = [];
      try {
        new Plain(file, { readonly: true }).prepare("SELECT COUNT(*) FROM purchase_fact").get();
        refused.push("better-sqlite3 without a key: OPENED (!)");
      } catch (err) { refused.push(`better-sqlite3 without a key: ${(err as Error).message}`); }
      const Mc = (await import("better-sqlite3-multiple-ciphers")).default;
      try {
        const w = new Mc(file, { readonly: true });
        w.pragma(`cipher = '${e === "sqlite-chacha20" ? "chacha20" : "sqlcipher"}'`);
        if (e === "sqlite-sqlcipher") w.pragma("legacy = 4");
        w.pragma("key = 'not-the-key'");
        w.prepare("SELECT COUNT(*) FROM purchase_fact").get();
        refused.push("wrong key: OPENED (!)");
      } catch (err) { refused.push(`wrong key: ${(err as Error).message}`); }
      note = refused.join("; ");
    }
    return { insertMs: t1 - t0, indexMs: t2 - t1, bytes: fs.statSync(file).size, note };
  }
  if (d === "duckdb") {
    const { DuckDBInstance, timestampTZValue } = await import("@duckdb/node-api");
    const file = dbPath(dir, e);
    const instance = await DuckDBInstance.create(file);
    const c = await instance.connect();
    await c.run(ddl);
    const t0 = performance.now();
    const appender = await c.createAppender("purchase_fact");
    for (let i = 0; i < facts.count; i++) {
      for (const col of COLUMNS) {
        const v = valueOf(facts, col, i);
        if (v === null) appender.appendNull();
        else if (col === "created_ms") appender.appendTimestampTZ(timestampTZValue(BigInt(v as number) * 1000n));
        else if (typeof v === "number") appender.appendBigInt(BigInt(v));
        else appender.appendVarchar(v);
      }
      appender.endRow();
    }
    appender.closeSync();
    await c.run("CHECKPOINT");
    const t1 = performance.now();
    // DuckDB keeps min/max zone maps per row group by itself; ART indexes would not help these scans.
    c.closeSync();
    instance.closeSync();
    const wal = `${file}.wal`;
    // Encryption: built in since 1.4, but writing needs OpenSSL from the httpfs extension (not downloadable here).
    const probe = await DuckDBInstance.create(":memory:");
    const pc = await probe.connect();
    let encryption: string;
    try {
      await pc.run(`ATTACH '${path.join(dir, "encrypted.duckdb")}' AS enc (ENCRYPTION_KEY '${KEY}')`);
      await pc.run("CREATE TABLE enc.t AS SELECT 42 AS x");
      encryption = "an encrypted file (ATTACH … ENCRYPTION_KEY) was written";
    } catch (err) {
      encryption = `writing an encrypted file fails: ${(err as Error).message.trim().split(". ")[0]}`;
    }
    pc.closeSync();
    probe.closeSync();
    return { insertMs: t1 - t0, indexMs: 0, bytes: fs.statSync(file).size + (fs.existsSync(wal) ? fs.statSync(wal).size : 0), note: `no secondary indexes (zone maps only), PRIMARY KEY kept; ${encryption}` };
  }
  const pg = (await import("pg")).default;
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    await client.query("DROP TABLE IF EXISTS purchase_fact");
    await client.query(ddl);
    const t0 = performance.now();
    const types = COLUMNS.map((c) => (c === "created_ms" ? "float8" : (INT_COLUMNS as readonly string[]).includes(c) ? "bigint" : "text"));
    const select = COLUMNS.map((c, k) => (c === "created_ms" ? `to_timestamp(u${k} / 1000)` : `u${k}`)).join(", ");
    const chunk = 20_000;
    for (let start = 0; start < facts.count; start += chunk) {
      const end = Math.min(facts.count, start + chunk);
      const arrays = COLUMNS.map((c) => ((INT_COLUMNS as readonly string[]).includes(c) ? facts.ints[c as IntColumn] : facts.texts[c as TextColumn]).slice(start, end));
      await client.query(
        `INSERT INTO purchase_fact SELECT ${select} FROM unnest(${types.map((t, k) => `$${k + 1}::${t}[]`).join(", ")}) AS u(${COLUMNS.map((_, k) => `u${k}`).join(", ")})`,
        arrays,
      );
    }
    const t1 = performance.now();
    for (const sql of indexes) await client.query(sql);
    await client.query("VACUUM ANALYZE purchase_fact");
    const t2 = performance.now();
    const size = await client.query("SELECT pg_total_relation_size('purchase_fact')::float8 AS b");
    return { insertMs: t1 - t0, indexMs: t2 - t1, bytes: Number(size.rows[0].b), note: "batched INSERT … SELECT FROM unnest(arrays), 20k rows a statement" };
  } finally {
    await client.end();
  }
}

// ---------------------------------------------------------------------------------------
// Children: queries (cold, then warm) and the CSV export.

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? NaN : s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

function normalize(v: unknown): unknown {
  if (typeof v === "bigint") return Number(v);
  if (typeof v === "string" && /^-?\d+(\.\d+)?$/.test(v)) return Number(v);
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (v !== null && typeof v === "object" && "toString" in v) return String(v); // DuckDB DATE values
  return v;
}

/** A result in a form every engine agrees on: numbers as numbers, local days as YYYY-MM-DD. */
function canonical(name: QueryName, d: Dialect, rows: Row[]): unknown[][] {
  return rows.map((r) => r.map((v, i) => {
    const n = normalize(v);
    if (name.startsWith("series") && i === 1 && d === "sqlite") return dayText(n as number);
    return n;
  }));
}

const digest = (x: unknown): string => createHash("sha1").update(JSON.stringify(x)).digest("hex").slice(0, 12);

function peakRssMiB(): number {
  const m = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync("/proc/self/status", "utf8"));
  return m ? Number(m[1]) / 1024 : process.memoryUsage().rss / 1048576;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Runs `fn`, timing it and the longest the event loop stood still meanwhile: the largest gap
 * between the ticks of a 1 ms interval, the gap still open when `fn` returns included (a
 * synchronous call blocks the loop for all of its time). monitorEventLoopDelay does not see
 * such a stall in Node 20 (it reported 2 ms for a 500 ms busy loop here).
 */
async function measured<T>(fn: () => Promise<T>): Promise<{ ms: number; blockedMs: number; value: T }> {
  await sleep(2);
  let last = performance.now();
  let max = 0;
  const tick = setInterval(() => { const n = performance.now(); max = Math.max(max, n - last); last = n; }, 1);
  const t = performance.now();
  const value = await fn();
  const end = performance.now();
  clearInterval(tick);
  return { ms: end - t, blockedMs: Math.max(max, end - last), value };
}

interface QueryRun { cold: number; warm: number; blocked: number; rows: number; digest: string; series?: unknown[][] }

async function childQueries(e: EngineName, dir: string, plan: Plan): Promise<{ queries: Record<string, QueryRun>; connectMs: number; peakRssMiB: number }> {
  const d = dialectOf(e);
  const qs = queries(d, plan);
  const out: Record<string, QueryRun> = {};
  const tc = performance.now();
  const probe = await connect(e, dir);
  await probe.all("SELECT COUNT(*) FROM purchase_fact WHERE purchase_id < 0", []);
  await probe.close();
  const connectMs = performance.now() - tc;
  for (const name of QUERY_NAMES) {
    const q = qs[name];
    const conn = await connect(e, dir);
    const cold = await measured(() => conn.all(q.sql, q.params));
    const warm: number[] = [];
    const blocked: number[] = [cold.blockedMs];
    for (let i = 0; i < 3; i++) {
      const w = await measured(() => conn.all(q.sql, q.params));
      warm.push(w.ms);
      blocked.push(w.blockedMs);
    }
    await conn.close();
    const rows = canonical(name, d, cold.value);
    out[name] = { cold: cold.ms, warm: median(warm), blocked: Math.max(...blocked), rows: rows.length, digest: digest(rows), series: name === "series_day" ? rows : undefined };
  }
  return { queries: out, connectMs, peakRssMiB: peakRssMiB() };
}

function csvCell(v: unknown): string {
  if (v === null || v === undefined) return "";
  const s = typeof v === "string" ? v : String(v);
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}
const money = (cents: number): string => (cents < 0 ? "-" : "") + `${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, "0")}`;

async function childCsv(e: EngineName, dir: string, plan: Plan): Promise<{ rows: number; ms: number; rowsPerS: number; bytes: number; peakRssMiB: number; blockedMs: number; digest: string }> {
  fs.writeFileSync("/proc/self/clear_refs", "5"); // reset VmHWM: the peak of the export alone
  const d = dialectOf(e);
  const conn = await connect(e, dir);
  let rows = 0;
  let bytes = 0;
  const hash = createHash("sha1");
  const r = await measured(() => conn.each(csvQuery(d, plan), (batch) => {
    let chunk = "";
    for (const row of batch) {
      const [id, created, ...rest] = row;
      const cents = rest.slice(-4).map((x) => money(Number(normalize(x))));
      chunk += `${normalize(id)},${new Date(Number(normalize(created))).toISOString()},${rest.slice(0, -4).map(csvCell).join(",")},${cents.join(",")}\n`;
    }
    rows += batch.length;
    bytes += Buffer.byteLength(chunk);
    hash.update(chunk); // stands in for the response stream
  }));
  await conn.close();
  return { rows, ms: r.ms, rowsPerS: rows / (r.ms / 1000), bytes, peakRssMiB: peakRssMiB(), blockedMs: r.blockedMs, digest: hash.digest("hex").slice(0, 12) };
}

function runChild(args: string[]): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", fileURLToPath(import.meta.url), ...args], { stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    child.stdout.on("data", (b: Buffer) => { out += b.toString(); });
    child.on("exit", (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`child ${args.join(" ")} exited ${code}`))));
  });
}

// ---------------------------------------------------------------------------------------

function loadAverage(): string {
  return os.loadavg().map((x) => x.toFixed(2)).join(" / ");
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: {
      scale: { type: "string", default: "20" }, days: { type: "string", default: "730" }, zone: { type: "string", default: "America/New_York" },
      runs: { type: "string", default: "3" }, engines: { type: "string", default: ENGINES.join(",") }, keep: { type: "string" },
      child: { type: "string" }, engine: { type: "string" }, dir: { type: "string" }, plan: { type: "string" },
    },
  });
  if (values.child) {
    const plan = JSON.parse(fs.readFileSync(values.plan!, "utf8")) as Plan;
    const e = values.engine as EngineName;
    const result = values.child === "csv" ? await childCsv(e, values.dir!, plan) : await childQueries(e, values.dir!, plan);
    process.stdout.write(JSON.stringify(result));
    return;
  }
  const scale = Number(values.scale);
  const days = Number(values.days);
  const runs = Number(values.runs);
  const zone = values.zone!;
  const engines = values.engines!.split(",") as EngineName[];
  for (const e of engines) if (!ENGINES.includes(e)) throw new Error(`unknown engine ${e}; one of ${ENGINES.join(", ")}`);
  const dir = values.keep ?? fs.mkdtempSync(path.join(os.tmpdir(), "salesdash-bench-engines-"));
  fs.mkdirSync(dir, { recursive: true });
  const log = (s: string) => process.stderr.write(`${s}\n`);
  const loadStart = loadAverage();
  log(`load average (1/5/15 min) at start: ${loadStart}; ${os.cpus().length} cores, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`);

  const tg = performance.now();
  const facts = await buildFacts(scale, days);
  log(`generated ${facts.count} purchase facts (scale ${scale}, ${days + 1} UTC days up to ${FIXED_NOW}) in ${((performance.now() - tg) / 1000).toFixed(1)} s`);

  // The report's range: the last `days` local days ending with now's local day.
  const nowMs = Date.parse(FIXED_NOW);
  const to = shiftDate(dayText(Math.floor((nowMs + offsetMs(zone, nowMs)) / DAY_MS)), 1);
  const from = shiftDate(to, -days);
  const mid = shiftDate(to, -Math.round(days / 2));
  const fromMs = localMidnight(zone, from);
  const toMs = localMidnight(zone, to);
  const segments = offsetSegments(zone, fromMs, toMs);
  // Filter values: the most sold product, and its most used payment method.
  const countBy = <T>(xs: T[]) => { const m = new Map<T, number>(); for (const x of xs) m.set(x, (m.get(x) ?? 0) + 1); return [...m].sort((a, b) => b[1] - a[1]); };
  const product = countBy(facts.ints.product_id)[0]![0] as number;
  const method = countBy(facts.texts.payment_method.filter((_, i) => facts.ints.product_id[i] === product))[0]![0] as string;
  // Keyset cursors: the last row of page FAR_PAGE - 1 of each sort (what page FAR_PAGE - 1 handed the client).
  const inRange = [...Array(facts.count).keys()].filter((i) => facts.ints.created_ms[i]! >= fromMs && facts.ints.created_ms[i]! < toMs);
  const cursorOf = (key: (i: number) => number) => {
    const sorted = [...inRange].sort((a, b) => key(b) - key(a) || facts.ints.purchase_id[b]! - facts.ints.purchase_id[a]!);
    const i = sorted[(FAR_PAGE - 1) * PAGE_SIZE - 1]!;
    return [key(i), facts.ints.purchase_id[i]!] as [number, number];
  };
  const plan: Plan = {
    zone, from, to, mid, fromMs, toMs, midMs: localMidnight(zone, mid), segments, product, method,
    cursors: { time: cursorOf((i) => facts.ints.created_ms[i]!), amount: cursorOf((i) => facts.ints.transaction_cents[i]!) },
  };
  const planFile = path.join(dir, "plan.json");
  fs.writeFileSync(planFile, JSON.stringify(plan));
  log(`range ${from} .. ${to} (exclusive) in ${zone}: ${inRange.length} purchases; UTC offset changes ${segments.length - 1} times (${segments.slice(1).map(([t, o]) => `${new Date(t).toISOString()} → ${o / 3_600_000} h`).join(", ")})`);
  log(`filters: product ${product}, method ${method}`);

  // The JS reference of the daily series: each row's local day from Intl, not from the offsets above.
  const dayFormat = new Intl.DateTimeFormat("en-CA", { timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit" });
  const hourDay = new Map<number, string>();
  const reference = new Map<string, [number, number, number]>();
  for (const i of inRange) {
    const ms = facts.ints.created_ms[i]!;
    const hour = Math.floor(ms / 60_000); // per minute: offsets change on the minute at most
    let day = hourDay.get(hour);
    if (day === undefined) hourDay.set(hour, (day = dayFormat.format(ms)));
    const key = `${facts.texts.currency[i]}|${day}`;
    const acc = reference.get(key) ?? [0, 0, 0];
    acc[0] += facts.ints.items_gross_cents[i]!;
    acc[1] += facts.ints.creator_net_cents[i]!;
    acc[2] += 1;
    reference.set(key, acc);
  }
  const referenceRows = [...reference].sort((a, b) => (a[0] < b[0] ? -1 : 1)).map(([k, v]) => [...k.split("|"), ...v]);
  const referenceDigest = digest(referenceRows);

  const loads = new Map<EngineName, LoadResult>();
  for (const e of engines) {
    if (e === "sqlite-worker") {
      const base = loads.get("sqlite") ?? (await load("sqlite", dir, facts));
      loads.set(e, { ...base, note: "the sqlite file, queried from a worker thread (rows back by postMessage)" });
      continue;
    }
    const rssBefore = process.memoryUsage().rss;
    const r = await load(e, dir, facts);
    loads.set(e, r);
    log(`${e}: loaded in ${((r.insertMs + r.indexMs) / 1000).toFixed(1)} s (rows ${(r.insertMs / 1000).toFixed(1)} s, indexes ${(r.indexMs / 1000).toFixed(1)} s), ${(r.bytes / 2 ** 20).toFixed(0)} MiB${r.note ? `; ${r.note}` : ""} (RSS ${(rssBefore / 2 ** 20).toFixed(0)} MiB before)`);
  }

  const results = new Map<EngineName, { runs: Array<Awaited<ReturnType<typeof childQueries>>>; csv: Array<Awaited<ReturnType<typeof childCsv>>> }>();
  for (const e of engines) {
    const entry = { runs: [] as Array<Awaited<ReturnType<typeof childQueries>>>, csv: [] as Array<Awaited<ReturnType<typeof childCsv>>> };
    for (let r = 0; r < runs; r++) {
      entry.runs.push((await runChild(["--child", "queries", "--engine", e, "--dir", dir, "--plan", planFile])) as Awaited<ReturnType<typeof childQueries>>);
      entry.csv.push((await runChild(["--child", "csv", "--engine", e, "--dir", dir, "--plan", planFile])) as Awaited<ReturnType<typeof childCsv>>);
      log(`${e}: run ${r + 1}/${runs} done (load average ${loadAverage()})`);
    }
    results.set(e, entry);
  }

  // Report.
  const f = (x: number) => (x >= 100 ? x.toFixed(0) : x.toFixed(1));
  const lines: string[] = [];
  lines.push(`Load average (1/5/15 min): ${loadStart} at start, ${loadAverage()} at the end.`);
  lines.push(`${facts.count} purchases generated; ${inRange.length} in ${from} .. ${to} (${zone}); medians of ${runs} runs; cold = new process + new connection, OS page cache warm.`);
  lines.push("");
  lines.push(`| | ${engines.join(" | ")} |`);
  lines.push(`|---|${engines.map(() => "---:").join("|")}|`);
  const row = (label: string, cell: (e: EngineName) => string) => lines.push(`| ${label} | ${engines.map(cell).join(" | ")} |`);
  row("load: rows (s)", (e) => (loads.get(e)!.insertMs / 1000).toFixed(1));
  row("load: indexes + analyze (s)", (e) => (loads.get(e)!.indexMs / 1000).toFixed(1));
  row("size (MiB)", (e) => (loads.get(e)!.bytes / 2 ** 20).toFixed(0));
  row("open (ms, cold, median)", (e) => f(median(results.get(e)!.runs.map((r) => r.connectMs))));
  for (const name of QUERY_NAMES) {
    row(`${name}: cold / warm (ms)`, (e) => { const rs = results.get(e)!.runs; return `${f(median(rs.map((r) => r.queries[name]!.cold)))} / ${f(median(rs.map((r) => r.queries[name]!.warm)))}`; });
  }
  for (const name of QUERY_NAMES) {
    row(`${name}: event loop blocked, max (ms)`, (e) => f(Math.max(...results.get(e)!.runs.map((r) => r.queries[name]!.blocked))));
  }
  row("peak RSS of the query process (MiB)", (e) => f(Math.max(...results.get(e)!.runs.map((r) => r.peakRssMiB))));
  row("CSV: rows/s (median)", (e) => Math.round(median(results.get(e)!.csv.map((c) => c.rowsPerS))).toLocaleString("en-US"));
  row("CSV: time (s)", (e) => (median(results.get(e)!.csv.map((c) => c.ms)) / 1000).toFixed(2));
  row("CSV: peak RSS (MiB)", (e) => f(Math.max(...results.get(e)!.csv.map((c) => c.peakRssMiB))));
  row("CSV: event loop blocked, max (ms)", (e) => f(Math.max(...results.get(e)!.csv.map((c) => c.blockedMs))));
  lines.push("");
  // Agreement.
  const problems: string[] = [];
  for (const name of QUERY_NAMES) {
    const digests = new Map(engines.map((e) => [e, results.get(e)!.runs[0]!.queries[name]!.digest]));
    if (new Set(digests.values()).size > 1) problems.push(`${name}: engines disagree (${[...digests].map(([e, d]) => `${e} ${d}`).join(", ")})`);
  }
  for (const e of engines) {
    const s = results.get(e)!.runs[0]!.queries.series_day!;
    if (digest(s.series) !== referenceDigest) problems.push(`series_day of ${e} differs from the JS (Intl) reference`);
    const c = results.get(e)!.csv[0]!;
    if (c.rows !== inRange.length) problems.push(`CSV of ${e}: ${c.rows} rows, expected ${inRange.length}`);
  }
  const csvDigests = new Set(engines.map((e) => results.get(e)!.csv[0]!.digest));
  if (csvDigests.size > 1) problems.push("CSV bytes differ between engines");
  lines.push(problems.length ? `DISAGREEMENTS:\n${problems.map((p) => `- ${p}`).join("\n")}` : `All engines return the same rows for every query and the same CSV bytes; the daily series equals the JS reference (local days from Intl.DateTimeFormat). Rows: ${QUERY_NAMES.map((n) => `${n} ${results.get(engines[0]!)!.runs[0]!.queries[n]!.rows}`).join(", ")}.`);
  for (const e of engines) { const n = loads.get(e)!.note; if (n) lines.push(`- ${e}: ${n}`); }
  process.stdout.write(`${lines.join("\n")}\n`);
  if (!values.keep) fs.rmSync(dir, { recursive: true, force: true });
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
