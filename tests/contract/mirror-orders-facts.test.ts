// An Orders report over the mirror reads the orders fact table: the first load fetches the
// range (which writes the days' rows) and answers from the table; after a restart the report
// asks the upstream nothing and opens no sealed day of orders, and it is the very view the
// records give, whose order counts equal the ground truth.
import path from "node:path";
import { expect, it, vi } from "vitest";
import { inLocalRange } from "@/lib/analytics/local-days";
import { parseReportParams } from "@/lib/report-params/parse";
import { buildOrdersView, loadOrdersReport } from "@/lib/reports/server/orders-report";
import { SqliteMirrorStore } from "@/lib/store/sqlite-mirror-store";
import { SqliteOrderFactStore } from "@/lib/store/sqlite-order-fact-store";
import { groundTruth } from "../../sandbox/ground-truth";
import { creatorReportClient, mirrorSandbox, timeless } from "../support/mirror-sandbox";
import { FIXED_NOW } from "../support/sandbox-process";
import { NOW_MS, resetProcessState, tempDataDir } from "../support/mirror-sync";

const sandbox = mirrorSandbox();

it("answers from the orders fact table, opens no day of orders once held, and gives the records' view, equal to the ground truth", async () => {
  const file = path.join(tempDataDir(), "mirror.sqlite");
  const store = new SqliteMirrorStore(file);
  const orderFacts = new SqliteOrderFactStore(file);
  try {
    const clientOf = () => creatorReportClient(sandbox.sb, store, { orderFacts });
    const { params, problems } = parseReportParams({ from: "2026-04-01", to: "2026-05-31", tz: "America/Sao_Paulo", compare: "previous" }, new Date(NOW_MS));
    expect(problems).toEqual([]);

    const aggregate = vi.spyOn(orderFacts, "aggregate");
    const first = await buildOrdersView(clientOf(), params, { orderFacts });
    expect(aggregate).toHaveBeenCalled();
    const requestsAfterFirst = (await sandbox.sb.stats()).creator?.requests ?? 0;
    expect(requestsAfterFirst).toBeGreaterThan(0);

    resetProcessState(); // a restart: nothing decoded in memory
    aggregate.mockClear();
    const readDays = vi.spyOn(store, "readDays");
    const again = await buildOrdersView(clientOf(), params, { orderFacts });
    expect(aggregate).toHaveBeenCalled();
    expect((await sandbox.sb.stats()).creator?.requests).toBe(requestsAfterFirst);
    expect(readDays.mock.calls.filter(([, resource]) => resource === "orders")).toEqual([]);
    expect(timeless(again)).toEqual(timeless(first));
    readDays.mockRestore();

    // The records' view (the CSV's loader), and the ground truth's count of orders per currency.
    const { view: fromRecords } = await loadOrdersReport(clientOf(), params);
    expect(timeless(again)).toEqual(timeless(fromRecords));
    const truth = groundTruth({ now: FIXED_NOW }, "creator", "orders", "2026-03-20", "2026-06-10").filter((o) => inLocalRange(String(o.checkoutInitializedAt), params.from, params.to, params.tz));
    expect(truth.length).toBeGreaterThan(50);
    expect(again.totals.reduce((sum, t) => sum + t.count, 0)).toBe(truth.length);
  } finally {
    await orderFacts.close();
    await store.close();
  }
});
