import { unzipSync } from "fflate";
import { describe, expect, it, vi } from "vitest";
import { createMirroredClient } from "@/lib/mirror/mirror-access";
import type { ReportParams } from "@/lib/report-params/definitions";
import { exportParams, exportResponse } from "@/lib/reports/server/report-export";
import { revenueDatasets } from "@/lib/reports/server/revenue-csv";
import { loadRevenueExport } from "@/lib/reports/server/revenue-export";
import { loadRevenueRecords } from "@/lib/reports/server/revenue-records";
import { revenueViewFrom } from "@/lib/reports/server/revenue-report";
import { revenueSummariesFrom } from "@/lib/reports/server/revenue-summaries";
import { credentialFrom, type KeyType } from "@/lib/sales-api";
import type { Transport, UpstreamRequest, UpstreamResponse } from "@/lib/sales-api/transport";
import { jsonRows } from "@/lib/store/purchase-csv-sql";
import type { PurchaseFactStore } from "@/lib/store/purchase-fact-store";
import { groundTruth } from "../../sandbox/ground-truth";
import type { MirroredClient } from "@/lib/mirror/range-reader";

// The purchases CSV from the purchases fact table's cursor (issue #25 point 5), through the real
// mirror (createMirroredClient over SQLite, the upstream answering the sandbox's ground truth),
// on a fact store given by the back-end's test file: once the export has loaded the range (which
// fetches it and writes the rows with the days' sealed customer cells), the file is read from the
// store in batches (a spy counts them) without opening a sealed day (a spy on fetchRange), and it
// is the file the records gave before, byte for byte: both key types, zones that cut UTC days,
// filters with "none", both CSV dialects, a ZIP, a purchase stored on two days.
const NOW = Date.parse("2026-06-15T12:00:00Z");
const HOLDS_COMPARISON = new Set(["kpis", "series"]);

/** The sandbox's records of the asked days. */
function upstream(account: KeyType) {
  const transport: Transport = {
    baseUrl: "https://upstream.invalid",
    async request(request: UpstreamRequest): Promise<UpstreamResponse> {
      const { from, to } = (request.query ?? {}) as { from: string; to: string };
      const records = request.path.endsWith("/purchases") ? groundTruth({ now: NOW }, account, "purchases", from, to) : [];
      if (records.length >= 5000) throw new Error("the test's windows must stay under the API's limit");
      return { status: 200, ok: true, headers: new Headers() as unknown as UpstreamResponse["headers"], correlationId: null, body: { data: records, meta: { count: records.length, limit: 5000, from, to, truncated: false } } };
    },
  };
  return transport;
}

const params = (from: string, to: string, tz: string, compare: ReportParams["compare"], filters: Partial<ReportParams["filters"]> = {}): ReportParams => ({
  from, to, preset: null, compare, dating: "sale", granularity: "day", tz, currency: null,
  filters: { product: [], offer: [], type: [], method: [], psp: [], brand: [], country: [], affiliate: [], ...filters },
});

const bytes = async (r: Response) => Buffer.from(await r.arrayBuffer());

export interface CsvFactsCase {
  apiKey: string;
  keyType: KeyType;
  params: ReportParams;
  dataset: string;
  csvLocale?: string;
  /** Rows per batch of the cursor (the product's default unless given). */
  batchRows?: number;
}

/** The file both ways, on a mirror whose purchases fact table is `facts`: the fact path's bytes, the records' bytes, and how often each was read. */
export async function bothWays(facts: PurchaseFactStore, c: CsvFactsCase) {
  const client: MirroredClient = createMirroredClient({ credential: credentialFrom({ apiKey: c.apiKey }), target: "production", transport: upstream(c.keyType), clock: () => NOW, mirror: { clock: () => NOW, facts } });
  const p = exportParams(c.params, c.dataset, HOLDS_COMPARISON);
  const e = { report: "revenue", title: "Revenue", accountLabel: "Mirror", range: p, holdsComparison: HOLDS_COMPARISON, csvLocale: c.csvLocale ?? null };
  const batches = vi.spyOn(facts, "csvBatch");
  const { view, datasets } = await loadRevenueExport(client, c.keyType, p, { facts, csvBatchRows: c.batchRows });
  const fetches = vi.spyOn(client, "fetchRange");
  const now = await bytes(await exportResponse(c.dataset, { ...e, quality: view.quality, datasets }));
  const read = { batches: batches.mock.calls.length, fetches: fetches.mock.calls.length, requests: batches.mock.calls.map(([account, request]) => ({ account, request })) };
  batches.mockRestore();
  fetches.mockRestore();
  const records = await loadRevenueRecords(client, p);
  const before = revenueViewFrom(revenueSummariesFrom(records), c.keyType, p);
  const old = await bytes(await exportResponse(c.dataset, { ...e, quality: before.quality, datasets: revenueDatasets(before, records.current, c.keyType) }));
  return { now, old, read };
}

export function purchaseCsvFactsBehaviour(name: string, backend: { open(): Promise<PurchaseFactStore>; done?(facts: PurchaseFactStore): Promise<void> }) {
  describe(`the purchases CSV from the fact table's cursor (${name})`, () => {
    /** The file's two ways on a new store: the same bytes, at least `lines` of them, read in more than `batches` batches and no fetch. */
    async function sameBytes(c: CsvFactsCase, least: { lines: number; batches: number }) {
      const facts = await backend.open();
      const { now, old, read } = await bothWays(facts, c);
      expect(read.batches).toBeGreaterThan(least.batches);
      expect(read.fetches).toBe(0);
      expect(now.toString("utf8").split("\r\n").length).toBeGreaterThan(least.lines);
      expect(now.equals(old)).toBe(true);
      await backend.done?.(facts);
    }

    it("a creator's range in São Paulo: read in batches (a day's rows cut between two now and then), no sealed day opened, the records' bytes", async () => {
      await sameBytes({ apiKey: "sak_eeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee", keyType: "creator", params: params("2026-05-01", "2026-05-20", "America/Sao_Paulo", "none"), dataset: "purchases", batchRows: 97 }, { lines: 300, batches: 3 });
    });

    it("pt-BR's dialect, filters with \"none\", Kathmandu: the records' bytes", async () => {
      const p = params("2026-04-25", "2026-05-14", "Asia/Kathmandu", "none", { country: ["BR", "none"], method: ["credit_card", "pix", "none"] });
      await sameBytes({ apiKey: "sak_ffffffffffffffffffffffffffffffffffffffff", keyType: "creator", params: p, dataset: "purchases", csvLocale: "pt-BR" }, { lines: 50, batches: 0 });
    });

    it("a filter that keeps a few rows a day, in batches of 7: windows of days read whole, some empty; the records' bytes", async () => {
      const facts = await backend.open();
      const p = params("2026-04-28", "2026-05-17", "UTC", "none", { method: ["boleto"] });
      const { now, old, read } = await bothWays(facts, { apiKey: "sak_hhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhhh", keyType: "creator", params: p, dataset: "purchases", batchRows: 7 });
      expect(read.fetches).toBe(0);
      expect(now.toString("utf8").split("\r\n").length).toBeGreaterThan(20);
      expect(now.equals(old)).toBe(true);
      const windows = read.requests.map(({ request }) => request.oldestDay);
      // Each window but the last is bounded, and they move back through the range: each batch
      // starts past the one before (an older day, or the same day's later rows).
      expect(windows.at(-1)).toBeUndefined();
      expect(windows.length).toBeGreaterThan(3);
      expect(windows.filter((d) => d !== undefined).length).toBeGreaterThan(2);
      const cursors = read.requests.map(({ request }) => request.after);
      for (let i = 1; i < cursors.length; i++) {
        const [before, now] = [cursors[i - 1] ?? { day: p.to, seq: -1 }, cursors[i]!];
        expect(now.day < before.day || (now.day === before.day && now.seq > before.seq)).toBe(true);
      }
      await backend.done?.(facts);
    });

    it("a batch reads no day older than its window's, and all of the window's rows after the cursor", async () => {
      const facts = await backend.open();
      const p = params("2026-05-01", "2026-05-10", "UTC", "none");
      const { read } = await bothWays(facts, { apiKey: "sak_iiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiiii", keyType: "creator", params: p, dataset: "purchases" });
      const { account, request } = read.requests[0]!;
      const rowsOf = async (oldestDay?: string) => {
        const batch = await facts.csvBatch(account, { plan: request.plan, after: null, limit: 100_000, ...(oldestDay && { oldestDay }) });
        return jsonRows(batch.rows);
      };
      const all = await rowsOf();
      const windowed = await rowsOf("2026-05-06");
      expect(new Set(all.map((r) => r[0]))).toContain("2026-05-05");
      expect(windowed.length).toBeGreaterThan(0);
      expect(windowed).toEqual(all.filter((r) => (r[0] as string) >= "2026-05-06"));
      await backend.done?.(facts);
    });

    it("an affiliate's ZIP with a comparison in UTC: every entry the records' bytes", async () => {
      const facts = await backend.open();
      const p = params("2026-04-20", "2026-05-09", "UTC", "previous");
      const { now, old, read } = await bothWays(facts, { apiKey: "sak_gggggggggggggggggggggggggggggggggggggggg", keyType: "affiliate", params: p, dataset: "all" });
      expect(read.fetches).toBe(0);
      const a = unzipSync(new Uint8Array(now));
      const b = unzipSync(new Uint8Array(old));
      expect(Object.keys(a)).toEqual(Object.keys(b));
      for (const entry of Object.keys(b)) expect({ entry, same: Buffer.from(a[entry]!).equals(Buffer.from(b[entry]!)) }).toEqual({ entry, same: true });
      await backend.done?.(facts);
    });

  });
}
