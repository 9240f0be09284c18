import { unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import type { ReportParams } from "@/lib/report-params/definitions";
import type { KeyType } from "@/lib/sales-api";
import type { Transport, UpstreamRequest, UpstreamResponse } from "@/lib/sales-api/transport";
import { groundTruth } from "../../sandbox/ground-truth";
import { processDataDir } from "../support/process-data-dir";
import type { MirroredClient } from "@/lib/mirror/range-reader";

// The purchases CSV through the real mirror (createMirroredClient over SQLite, fetchRange,
// MirrorDayCache), the upstream answering the sandbox's ground truth: on an empty mirror the
// export fetches the range first (the day summaries), then writes the file from the sealed days
// without another upstream request, and the file is the one the records gave before (the
// records loaded at once, revenueDatasets over the array), byte for byte, ZIP entry included.
const NOW = Date.parse("2026-06-15T12:00:00Z");
const HOLDS_COMPARISON = new Set(["kpis", "series"]);
processDataDir("csv-mirror"); // the process's own mirror and fact store live there

/** The sandbox's records of the asked days, whole (the test keeps every window under the API's limit); counts its requests. */
function upstream(account: KeyType) {
  const asked: string[] = [];
  const transport: Transport = {
    baseUrl: "https://upstream.invalid",
    async request(request: UpstreamRequest): Promise<UpstreamResponse> {
      const { from, to } = (request.query ?? {}) as { from: string; to: string };
      asked.push(`${request.path} ${from}..${to}`);
      const records = request.path.endsWith("/purchases") ? groundTruth({ now: NOW }, account, "purchases", from, to) : [];
      if (records.length >= 5000) throw new Error("the test's windows must stay under the API's limit");
      return { status: 200, ok: true, headers: new Headers() as unknown as UpstreamResponse["headers"], correlationId: null, body: { data: records, meta: { count: records.length, limit: 5000, from, to, truncated: false } } };
    },
  };
  return { transport, asked };
}

const params = (from: string, to: string, tz: string, compare: ReportParams["compare"], filters: Partial<ReportParams["filters"]> = {}): ReportParams => ({
  from, to, preset: null, compare, dating: "sale", granularity: "day", tz, currency: null,
  filters: { product: [], offer: [], type: [], method: [], psp: [], brand: [], country: [], affiliate: [], ...filters },
});

async function mirroredClient(apiKey: string, account: KeyType) {
  const { createMirroredClient } = await import("@/lib/mirror/mirror-access");
  const { credentialFrom } = await import("@/lib/sales-api");
  const { transport, asked } = upstream(account);
  // The mirror judges freshness by the same clock that stamps its days.
  const client: MirroredClient = createMirroredClient({ credential: credentialFrom({ apiKey }), target: "production", transport, clock: () => NOW, mirror: { clock: () => NOW } });
  return { client, asked };
}

async function files(client: MirroredClient, keyType: KeyType, asked: ReportParams, dataset: string, way: "before" | "now") {
  const { exportParams, exportResponse } = await import("@/lib/reports/server/report-export");
  const p = exportParams(asked, dataset, HOLDS_COMPARISON);
  const e = { report: "revenue", title: "Revenue", accountLabel: "Mirror", range: p, holdsComparison: HOLDS_COMPARISON };
  if (way === "now") {
    const { loadRevenueExport } = await import("@/lib/reports/server/revenue-export");
    const { view, datasets } = await loadRevenueExport(client, keyType, p);
    return exportResponse(dataset, { ...e, quality: view.quality, datasets });
  }
  const { loadRevenueRecords } = await import("@/lib/reports/server/revenue-records");
  const { revenueSummariesFrom } = await import("@/lib/reports/server/revenue-summaries");
  const { revenueViewFrom } = await import("@/lib/reports/server/revenue-report");
  const { revenueDatasets } = await import("@/lib/reports/server/revenue-csv");
  const records = await loadRevenueRecords(client, p);
  const view = revenueViewFrom(revenueSummariesFrom(records), keyType, p);
  return exportResponse(dataset, { ...e, quality: view.quality, datasets: revenueDatasets(view, records.current, keyType) });
}

const bytes = async (r: Response) => Buffer.from(await r.arrayBuffer());

describe("the purchases CSV from the mirror's sealed days", () => {
  it("a creator's range in São Paulo on an empty mirror: fetched first, then written from the mirror alone, the same bytes", async () => {
    const { client, asked } = await mirroredClient("sak_cccccccccccccccccccccccccccccccccccccccc", "creator");
    const p = params("2026-05-01", "2026-05-20", "America/Sao_Paulo", "none");
    const streamed = await files(client, "creator", p, "purchases", "now");
    const fetched = asked.length;
    expect(fetched).toBeGreaterThan(0);
    const now = await bytes(streamed);
    // Every row came from the mirror: no request while the file was written.
    expect(asked.slice(fetched)).toEqual([]);
    const old = await bytes(await files(client, "creator", p, "purchases", "before"));
    expect(now.toString("utf8").split("\r\n").length).toBeGreaterThan(200);
    expect(now.equals(old)).toBe(true);
  });

  it("an affiliate's ZIP in Kathmandu with a comparison and a filter: every entry the same bytes", async () => {
    const { client } = await mirroredClient("sak_dddddddddddddddddddddddddddddddddddddddd", "affiliate");
    const p = params("2026-04-10", "2026-04-30", "Asia/Kathmandu", "previous", { country: ["BR", "none"] });
    const now = unzipSync(new Uint8Array(await bytes(await files(client, "affiliate", p, "all", "now"))));
    const old = unzipSync(new Uint8Array(await bytes(await files(client, "affiliate", p, "all", "before"))));
    expect(Object.keys(now)).toEqual(Object.keys(old));
    const purchases = Object.keys(old).find((name) => name.includes("purchases"))!;
    expect(Buffer.from(old[purchases]!).toString("utf8").split("\r\n").length).toBeGreaterThan(20);
    for (const name of Object.keys(old)) expect({ name, same: Buffer.from(now[name]!).equals(Buffer.from(old[name]!)) }).toEqual({ name, same: true });
  });
});
