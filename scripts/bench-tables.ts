// npm run bench:tables [-- --scale N --days N --pages N] — a report table paged on the server
// (issue #13): the sandbox at a scale that puts over 60,000 purchases in the range, the
// dashboard's mirror (SQLite, the embedded default), and the purchases table's route handler
// body (lib/reports/table-sources + purchase-rows, what GET /api/reports/revenue/rows runs after
// reading the session) timed page by page: the first page (the range loaded from the mirror and
// sorted), the following pages of that sort, the first page of another sort; and, beside them,
// the path the route took before the sorted index (load, filter, copy and sort every time).
// The upstream fetch that fills the mirror is done first and not timed.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { randomBytes } from "node:crypto";
import { runMain } from "./bench/run-main";

const workDir = fs.mkdtempSync(path.join(os.tmpdir(), "salesdash-bench-tables-"));
// Before anything reads the configuration: the account settings live in this data dir.
process.env.SALESDASH_DATA_DIR = workDir;

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const ms = (x: number) => x.toFixed(1);

async function main(): Promise<void> {
  const { values } = parseArgs({ args: process.argv.slice(2), options: { scale: { type: "string", default: "8" }, days: { type: "string", default: "90" }, pages: { type: "string", default: "20" } } });
  const scale = Number(values.scale);
  const days = Number(values.days);
  const pageCount = Number(values.pages);
  const { FIXED_NOW, startSandboxProcess } = await import("../tests/support/sandbox-process");
  const { createMirroredClient, getMirrorMemory } = await import("@/lib/mirror/mirror-access");
  const { credentialFrom } = await import("@/lib/sales-api");
  const { createTransport } = await import("@/lib/sales-api/transport");
  const { shiftDay } = await import("@/lib/calendar");
  const { SqliteMirrorStore } = await import("@/lib/store/sqlite-mirror-store");
  const { getProcessState } = await import("@/lib/store/process-state");
  const { MemoryDayStore } = await import("@/lib/mirror/memory-day-store");
  const { TableIndexCache } = await import("@/lib/store/table-index-cache");
  const { parseReportParams } = await import("@/lib/report-params/parse");
  const { purchasesSnapshot, memoOf } = await import("@/lib/reports/server/table-sources");
  const { purchaseRowsPage } = await import("@/lib/reports/server/purchase-rows");
  const { loadRevenueRecords } = await import("@/lib/reports/server/revenue-records");

  const sb = await startSandboxProcess(["--now", FIXED_NOW, "--scale", String(scale)]);
  const store = new SqliteMirrorStore(path.join(workDir, "mirror.sqlite"));
  try {
    const transport = createTransport({ baseUrl: sb.creds.baseUrl, caFile: sb.creds.caFile, timeoutMs: 60_000 });
    const serverSecret = randomBytes(32).toString("base64url");
    const newClient = () => createMirroredClient({ credential: credentialFrom({ apiKey: sb.creds.creator.apiKey }), target: "production", transport, deadlineMs: 600_000, mirror: { store, serverSecret } });
    let client = newClient();
    const to = FIXED_NOW.slice(0, 10);
    const params = parseReportParams({ from: shiftDay(to, -(days - 1)), to, compare: "none" }).params;
    const request = (page: number, sort: "createdAt" | "amount" = "createdAt") => ({ page, pageSize: 50, sort, dir: "desc" as const });

    // The route handler's body, as GET /api/reports/revenue/rows runs it.
    const routePage = async (page: number, sort: "createdAt" | "amount" = "createdAt") => {
      const snapshot = await purchasesSnapshot(client, "creator", params);
      const { records, keyType, fallbackCurrency } = snapshot.entry.data;
      return purchaseRowsPage(records, keyType, fallbackCurrency, request(page, sort), memoOf(snapshot));
    };
    // The route before the sorted index: the range loaded and filtered, then copied and sorted, on every page.
    const oldRoutePage = async (page: number) => {
      const records = await loadRevenueRecords(client, params);
      return purchaseRowsPage(records.current, "creator", records.currency.currency, request(page));
    };
    const timed = async <T>(run: () => Promise<T>): Promise<[number, T]> => {
      const t = performance.now();
      const value = await run();
      return [performance.now() - t, value];
    };
    /** A process that has not paged this table yet: no index, no day opened in memory (the mirror on disk stays). */
    const forget = () => {
      const state = getProcessState();
      state.tables = new TableIndexCache();
      getMirrorMemory().days = new MemoryDayStore();
      // The client's mirror took the process's decoded-day cache when it was made.
      client = newClient();
    };

    process.stderr.write(`sandbox at scale ${scale}; filling the mirror with ${params.from} .. ${params.to} (not timed)\n`);
    const [fillMs, filled] = await timed(() => routePage(1));
    if (filled.total < 60_000) throw new Error(`only ${filled.total} purchases in the range: raise --scale or --days`);
    process.stderr.write(`  ${filled.total.toLocaleString("en-US")} purchases fetched in ${(fillMs / 1000).toFixed(1)} s\n`);

    const rounds = 3;
    const first: number[] = [];
    const next: number[] = [];
    const otherSort: number[] = [];
    const otherSortNext: number[] = [];
    const oldFirst: number[] = [];
    const oldNext: number[] = [];
    for (let round = 0; round < rounds; round++) {
      forget();
      first.push((await timed(() => routePage(1)))[0]);
      for (let page = 2; page <= pageCount; page++) next.push((await timed(() => routePage(page)))[0]);
      otherSort.push((await timed(() => routePage(1, "amount")))[0]);
      for (let page = 2; page <= 5; page++) otherSortNext.push((await timed(() => routePage(page, "amount")))[0]);
      forget();
      oldFirst.push((await timed(() => oldRoutePage(1)))[0]);
      for (let page = 2; page <= 5; page++) oldNext.push((await timed(() => oldRoutePage(page)))[0]);
    }
    const last = await routePage(Math.ceil(filled.total / 50));
    const lines = [
      `## bench:tables — the purchases table, ${filled.total.toLocaleString("en-US")} purchases (sandbox --scale ${scale}, ${params.from} .. ${params.to}), SQLite mirror`,
      "",
      "| request | median (ms) | max (ms) | runs |",
      "|---|---:|---:|---:|",
      `| first page (range loaded from the mirror, sorted by date) | ${ms(median(first))} | ${ms(Math.max(...first))} | ${first.length} |`,
      `| following pages, same sort (pages 2..${pageCount}) | ${ms(median(next))} | ${ms(Math.max(...next))} | ${next.length} |`,
      `| first page of another sort (amount) | ${ms(median(otherSort))} | ${ms(Math.max(...otherSort))} | ${otherSort.length} |`,
      `| following pages of that sort | ${ms(median(otherSortNext))} | ${ms(Math.max(...otherSortNext))} | ${otherSortNext.length} |`,
      `| before the index: first page | ${ms(median(oldFirst))} | ${ms(Math.max(...oldFirst))} | ${oldFirst.length} |`,
      `| before the index: every following page | ${ms(median(oldNext))} | ${ms(Math.max(...oldNext))} | ${oldNext.length} |`,
      "",
      `last page: ${last.page} with ${last.items.length} rows`,
      `${os.cpus().length} cores (${os.cpus()[0]?.model ?? "unknown"}), load ${os.loadavg()[0]?.toFixed(2)}, node ${process.version}`,
      "",
      `page after the first at ${filled.total.toLocaleString("en-US")} rows: ${ms(median(next))} ms (median), ${ms(Math.max(...next))} ms (max)`,
    ];
    console.log(lines.join("\n"));
  } finally {
    await store.close();
    await sb.stop();
    fs.rmSync(workDir, { recursive: true, force: true });
  }
}

runMain(main);
