// The GET every report's export route is made by (lib/reports/server/report-export-route.ts): a
// file name that cannot exist, a CSV locale we do not write and a key the report refuses are
// answered before the report loads; the comparison is loaded only for a file that holds it;
// a refusal of the report's own is sent as it is.
import { beforeEach, expect, it, vi } from "vitest";
import type { ReportParams } from "@/lib/report-params/definitions";
import { reportQuality } from "@/lib/reports/report-quality";
import { csvFile } from "@/lib/reports/server/csv-datasets";

const session = vi.hoisted(() => ({ keyType: "creator" as "creator" | "affiliate" }));
vi.mock("@/lib/auth/session", () => ({
  getSessionAccount: async () => ({ keyType: session.keyType, label: "Aurora Academy", vaultRef: "ref" }),
  getSessionClient: async () => ({ identity: "acct" }),
}));

const { reportExportRoute } = await import("@/lib/reports/server/report-export-route");
const { errorResponse } = await import("@/lib/reports/server/report-route");

const load = vi.fn();
const GET = reportExportRoute({ report: "orders", title: "Orders", names: ["all", "kpis", "orders"], holdsComparison: new Set(["kpis"]), creatorOnly: true }, load);
const ask = (dataset: string, query = "") => GET(new Request(`https://dash.test/api/export/orders/${dataset}?from=2026-06-01&to=2026-06-10&tz=UTC${query}`), { params: Promise.resolve({ dataset }) });
const files = new Map([
  ["kpis", csvFile<{ n: number }>([{ header: "Orders", kind: "number", value: (r) => r.n }], [{ n: 3 }])],
  ["orders", csvFile<{ n: number }>([{ header: "Order", kind: "number", value: (r) => r.n }], [{ n: 1 }, { n: 2 }])],
]);

beforeEach(() => {
  session.keyType = "creator";
  load.mockReset();
  load.mockResolvedValue({ quality: reportQuality({ current: [] }), datasets: files });
});

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
  expect(orders.headers.get("content-disposition")).toContain("orders-orders");
  expect((await orders.text()).trim().split(/\r?\n/)).toEqual(["Order", "1", "2"]);
  expect((load.mock.calls[0]![0] as { params: ReportParams }).params.compare).toBe("none");
  expect((await ask("kpis")).status).toBe(200);
  expect((load.mock.calls[1]![0] as { params: ReportParams; dataset: string }).params.compare).toBe("previous");
  expect((await ask("all")).headers.get("content-type")).toContain("zip");
});

it("sends a refusal the report's load answers", async () => {
  load.mockResolvedValue(errorResponse(404, "not_found", "Not offered right now."));
  const answer = await ask("orders");
  expect(answer.status).toBe(404);
  expect(await answer.json()).toMatchObject({ error: { code: "not_found" } });
});
