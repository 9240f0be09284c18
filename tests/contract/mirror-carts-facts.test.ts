// An Abandonment report over the mirror reads the carts fact table: the first load fetches the
// range (which writes the days' rows), after a restart the report asks the upstream nothing and
// opens no sealed day of carts, and it is the very view the records give, whose cart count
// equals the ground truth.
import { expect, it } from "vitest";
import { buildAbandonmentView, loadAbandonmentReport } from "@/lib/reports/server/abandonment-report";
import { SqliteCartFactStore } from "@/lib/store/sqlite-cart-fact-store";
import { mirrorSandbox } from "../support/mirror-sandbox";
import { expectReportFromFacts } from "../support/report-from-facts";

const sandbox = mirrorSandbox();

it("answers from the carts fact table, opens no day of carts once held, and gives the records' view, equal to the ground truth", async () => {
  await expectReportFromFacts(sandbox.sb, {
    resource: "abandoned-carts", dayField: "sessionInitializedAt", count: (view) => view.totalCarts,
    open: (file: string) => new SqliteCartFactStore(file), options: (cartFacts) => ({ cartFacts }), read: "carts",
    build: buildAbandonmentView, load: loadAbandonmentReport,
    // No day asked for again: only the offers catalog, which carts (carrying no currency) always ask, and which a restart forgets.
    expectNothingAskedAgain: (stats, before) => {
      expect(stats!.log.length).toBe(stats!.requests); // the log holds every request
      const asked = stats!.log.slice(before).map((r) => r.path);
      expect(asked.length).toBeLessThanOrEqual(1);
      expect(asked.filter((p) => !p.includes("/offers"))).toEqual([]);
    },
  });
});
