// The generic routes every report module is served by (lib/reports/server/report-handlers.ts),
// proved with a sixth report registered in one line below: its view streams, its table pages and
// its files download through the same three routes as the real reports, and a share link of it
// is made, opened and downloaded from as the real reports' are (lib/sharing), and a view of it is
// saved with what its module says a view keeps (lib/views). A file name that cannot
// exist, a CSV locale we do not write and a key the report refuses are answered before the
// report loads; the comparison is loaded only for a file that holds it; a refusal of the
// report's own is sent as it is.
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";
// The mocks below are hoisted above these (vi.mock); the secret is read when a link is sealed.
import { createShareLinkAction } from "@/lib/actions/sharing/create-share-link";
import { createSavedViewAction } from "@/lib/actions/views/create-saved-view";
import { sharedExportResponse } from "@/lib/sharing/shared-export";
import { openSharedPage } from "@/lib/sharing/shared-page";
import type { ReportParams } from "@/lib/report-params/definitions";
import { reportQuality } from "@/lib/reports/report-quality";
import { csvFile, type CsvDataset } from "@/lib/reports/server/csv-datasets";
import type { FilteredReport } from "@/lib/reports/server/filtered-report";
import type { ReportModule } from "@/lib/reports/server/report-module";
import { reportRequest } from "@/lib/report-params/schema";
import { z } from "zod";
import { MemorySavedViewStore } from "@/lib/store/saved-view-store";
import { MemoryShareLinkStore } from "@/lib/store/share-link-store";

const session = vi.hoisted(() => ({ keyType: "creator" as "creator" | "affiliate" }));
vi.mock("@/lib/auth/session", () => ({
  getSessionAccount: async () => ({ keyType: session.keyType, label: "Aurora Academy", vaultRef: "ref" }),
  getSessionClient: async () => ({ identity: "acct" }),
}));
const links = vi.hoisted(() => ({ store: null as unknown }));
vi.mock("@/lib/sharing/share-link-owner", () => ({ getShareLinkStore: () => links.store }));
const views = vi.hoisted(() => ({ store: null as unknown }));
vi.mock("@/lib/views/saved-views", () => ({ getSavedViewStore: () => views.store }));
vi.stubEnv("AUTH_SECRET", "report-generic-routes-secret-0123456789");

const { GET: streamGET } = await import("@/app/api/reports/[report]/route");
const { GET: rowsGET } = await import("@/app/api/reports/[report]/rows/[table]/route");
const { GET: exportGET } = await import("@/app/api/export/[report]/[[...dataset]]/route");
const { REPORT_MODULES } = await import("@/lib/reports/server/report-registry");
const { errorResponse } = await import("@/lib/reports/server/report-route");

const load = vi.fn();
const build = vi.fn();
const shareBuild = vi.fn();
// Its id is no page of the app: a report of a test only.
const sixth: ReportModule<{ bad?: string }> & Pick<FilteredReport, "build" | "share" | "savedView"> = {
  id: "sixth" as FilteredReport["id"],
  path: "/sixth" as ReportModule["path"],
  label: "Sixth",
  creatorOnly: true,
  // The shared report parameters and one of its own, refused by its view when given.
  request: reportRequest({ bad: z.string().optional() }),
  view: ({ asked }) => (asked.bad ? "bad is not a parameter of this report." : async (progress) => build(progress)),
  exports: { names: new Set(["all", "kpis", "orders"]), holdsComparison: new Set(["kpis"]), load },
  tables: { orders: async ({ query }) => ({ page: Number(query.get("page") ?? 1), rows: [{ n: 1 }] }) },
  build: shareBuild,
  share: {
    keep: { figure: true, quality: true },
    datasets: (view) => new Map<string, CsvDataset>([
      ["kpis", { columns: [{ header: "Figure", kind: "number", value: (r) => (r as { n: number }).n }], rows: [{ n: (view as { figure: number }).figure }] }],
      ["orders", { columns: [{ header: "Order", kind: "number", value: (r) => (r as { n: number }).n }], rows: [{ n: 1 }] }],
    ]),
  },
  // Its table's sort, and a parameter of its own.
  savedView: { tables: ["orders"], keep: (search, _params, kept) => void (search.get("sixth.mode") === "wide" && kept.set("sixth.mode", "wide")) },
};
REPORT_MODULES.push(sixth);
afterAll(() => void REPORT_MODULES.splice(REPORT_MODULES.indexOf(sixth), 1));

const URL_QUERY = "from=2026-06-01&to=2026-06-10&tz=UTC";
const at = (path: string, query = "") => new Request(`https://dash.test${path}?${URL_QUERY}${query}`);
const ask = (dataset: string, query = "") => exportGET(at(`/api/export/sixth/${dataset}`, query), { params: Promise.resolve({ report: "sixth", dataset: [dataset] }) });
const files = new Map([
  ["kpis", csvFile<{ n: number }>([{ header: "Orders", kind: "number", value: (r) => r.n }], [{ n: 3 }])],
  ["orders", csvFile<{ n: number }>([{ header: "Order", kind: "number", value: (r) => r.n }], [{ n: 1 }, { n: 2 }])],
]);

beforeEach(() => {
  session.keyType = "creator";
  links.store = new MemoryShareLinkStore();
  views.store = new MemorySavedViewStore();
  load.mockReset();
  load.mockResolvedValue({ quality: reportQuality({ current: [] }), datasets: files });
  build.mockReset();
  build.mockResolvedValue({ figure: 42 });
  shareBuild.mockReset();
  shareBuild.mockResolvedValue({ figure: 42, customerEmail: "ana@example.com", rows: [{ n: 1 }], quality: reportQuality({ current: [] }) });
});

describe("a report registered in the one registry", () => {
  it("streams its view, refuses its own bad parameter, and is refused to a key it does not allow", async () => {
    const answer = await streamGET(at("/api/reports/sixth"), { params: Promise.resolve({ report: "sixth" }) });
    expect(answer.status).toBe(200);
    const lines = (await answer.text()).trim().split("\n").map((l) => JSON.parse(l) as { type: string; data?: unknown });
    expect(lines.at(-1)).toMatchObject({ type: "result", data: { figure: 42 } });
    expect((await streamGET(at("/api/reports/sixth", "&bad=1"), { params: Promise.resolve({ report: "sixth" }) })).status).toBe(400);
    session.keyType = "affiliate";
    expect((await streamGET(at("/api/reports/sixth"), { params: Promise.resolve({ report: "sixth" }) })).status).toBe(403);
    expect(build).toHaveBeenCalledTimes(1);
  });

  it("pages its table, and answers 404 naming its tables for one it does not have", async () => {
    const page = await rowsGET(at("/api/reports/sixth/rows/orders", "&page=2"), { params: Promise.resolve({ report: "sixth", table: "orders" }) });
    expect(await page.json()).toEqual({ page: 2, rows: [{ n: 1 }] });
    expect(page.headers.get("cache-control")).toBe("private, no-store");
    const missing = await rowsGET(at("/api/reports/sixth/rows/constructor"), { params: Promise.resolve({ report: "sixth", table: "constructor" }) });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ error: { code: "not_found", message: expect.stringContaining("orders") } });
  });

  it("answers 404 for a report that does not exist, before anything loads", async () => {
    for (const id of ["nope", "constructor", "__proto__"]) {
      const answer = await streamGET(at(`/api/reports/${id}`), { params: Promise.resolve({ report: id }) });
      expect(answer.status).toBe(404);
      expect(await answer.json()).toMatchObject({ error: { code: "not_found", message: expect.stringContaining("sixth") } });
      expect((await exportGET(at(`/api/export/${id}/all`), { params: Promise.resolve({ report: id, dataset: ["all"] }) })).status).toBe(404);
    }
  });
});

describe("its files", () => {
  it("refuses a name that cannot exist, an unknown CSV locale and a key the report refuses, without loading", async () => {
    expect((await ask("nope")).status).toBe(404);
    expect((await ask("orders", "&csvLocale=xx")).status).toBe(400);
    session.keyType = "affiliate";
    expect((await ask("orders")).status).toBe(403);
    expect(load).not.toHaveBeenCalled();
  });

  it("loads the comparison only for a file that holds it, and sends the file under the report's name", async () => {
    const orders = await ask("orders");
    expect(orders.status).toBe(200);
    expect(orders.headers.get("content-disposition")).toContain("sixth-orders");
    expect((await orders.text()).trim().split(/\r?\n/)).toEqual(["Order", "1", "2"]);
    expect((load.mock.calls[0]![0] as { params: ReportParams }).params.compare).toBe("none");
    expect((await ask("kpis")).status).toBe(200);
    expect((load.mock.calls[1]![0] as { params: ReportParams; dataset: string }).params.compare).toBe("previous");
    expect((await ask("all")).headers.get("content-type")).toContain("zip");
  });

  it("sends its table's records for the address without a file name", async () => {
    const answer = await exportGET(at("/api/export/sixth"), { params: Promise.resolve({ report: "sixth" }) });
    expect(answer.headers.get("content-disposition")).toContain("sixth-orders");
  });

  it("sends a refusal the report's load answers", async () => {
    load.mockResolvedValue(errorResponse(404, "not_found", "Not offered right now."));
    const answer = await ask("orders");
    expect(answer.status).toBe(404);
    expect(await answer.json()).toMatchObject({ error: { code: "not_found" } });
  });
});

describe("its share links", () => {
  const noCookies = { get: () => undefined };
  const shareSixth = () => createShareLinkAction({ report: "sixth", query: URL_QUERY, mode: "fixed", expiry: { kind: "days", days: 7 }, password: null });

  it("are made of the kept fields only, open, and offer its panels' files but never its table's", async () => {
    const made = await shareSixth();
    if (!made.ok) throw new Error(made.error.message);
    const token = made.data.path.replace(/^\/s\//, "");
    const opened = await openSharedPage(token, { headers: new Headers(), cookies: noCookies, countView: true });
    if (opened.kind !== "ok") throw new Error(opened.kind);
    expect(opened.snapshot).toMatchObject({ report: "sixth", keyType: "creator", view: { figure: 42 } });
    expect(Object.keys(opened.snapshot.view as object).sort()).toEqual(["figure", "quality"]);
    const kpis = await sharedExportResponse(new Request(`https://dash.test/s/${token}/csv/kpis`), token, "kpis", noCookies);
    expect(kpis.status).toBe(200);
    expect(kpis.headers.get("content-disposition")).toContain("sixth-kpis");
    expect((await kpis.text()).trim().split(/\r?\n/)).toEqual(["Figure", "42"]);
    expect((await sharedExportResponse(new Request(`https://dash.test/s/${token}/csv/orders`), token, "orders", noCookies)).status).toBe(404);
  });

  it("are refused to a key the report refuses, and for a report that is not registered", async () => {
    session.keyType = "affiliate";
    expect(await shareSixth()).toMatchObject({ ok: false, error: { code: "forbidden" } });
    session.keyType = "creator";
    expect(await createShareLinkAction({ report: "seventh", query: URL_QUERY, mode: "fixed", expiry: { kind: "days", days: 7 }, password: null })).toMatchObject({ ok: false, error: { code: "invalid_request" } });
    // Refused before anything loads.
    expect(shareBuild).not.toHaveBeenCalled();
    expect(await (links.store as MemoryShareLinkStore).list("acct")).toEqual([]);
  });
});

describe("its saved views", () => {
  it("keep the shared parameters, its table's sort and its own parameter, and nothing else", async () => {
    const saved = await createSavedViewAction({ report: "sixth", name: "Wide", query: `${URL_QUERY}&orders.sort=amount&purchases.sort=amount&sixth.mode=wide&utm=x` });
    if (!saved.ok) throw new Error(saved.error.message);
    expect(Object.fromEntries(new URLSearchParams(saved.data.query))).toEqual({ from: "2026-06-01", to: "2026-06-10", tz: "UTC", "orders.sort": "amount", "sixth.mode": "wide" });
    expect(await (views.store as MemorySavedViewStore).list("acct")).toMatchObject([{ report: "sixth", name: "Wide" }]);
  });

  it("are refused to a key the report refuses, and for a report that is not registered", async () => {
    session.keyType = "affiliate";
    expect(await createSavedViewAction({ report: "sixth", name: "A", query: URL_QUERY })).toMatchObject({ ok: false, error: { code: "forbidden" } });
    session.keyType = "creator";
    expect(await createSavedViewAction({ report: "seventh", name: "A", query: URL_QUERY })).toMatchObject({ ok: false, error: { code: "invalid_request" } });
  });
});
