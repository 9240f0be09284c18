// An Orders report over the mirror reads the orders fact table: the first load fetches the
// range (which writes the days' rows) and answers from the table; after a restart the report
// asks the upstream nothing and opens no sealed day of orders, and it is the very view the
// records give, whose order counts equal the ground truth.
import { expect, it } from "vitest";
import { buildOrdersView, loadOrdersReport } from "@/lib/reports/server/orders-report";
import { SqliteOrderFactStore } from "@/lib/store/sqlite-order-fact-store";
import { mirrorSandbox } from "../support/mirror-sandbox";
import { expectReportFromFacts } from "../support/report-from-facts";

const sandbox = mirrorSandbox();

it("answers from the orders fact table, opens no day of orders once held, and gives the records' view, equal to the ground truth", async () => {
  await expectReportFromFacts(sandbox.sb, {
    resource: "orders", dayField: "checkoutInitializedAt", count: (view) => view.totals.reduce((sum, t) => sum + t.count, 0), // orders of every currency
    open: (file: string) => new SqliteOrderFactStore(file), options: (orderFacts) => ({ orderFacts }), read: "aggregate",
    build: buildOrdersView, load: loadOrdersReport,
    expectNothingAskedAgain: (stats, before) => expect(stats?.requests).toBe(before),
  });
});
