// An Abandonment report over the mirror reads the carts fact table: the first load fetches the
// range (which writes the days' rows), after a restart the report asks the upstream nothing and
// opens no sealed day of carts, and it is the very view the records give, whose cart count
// equals the ground truth. With the purchases fact table beside it, the same holds of the view
// whose panels the carts store aggregates (cartPanels).
import { expect, it } from "vitest";
import { buildAbandonmentView, loadAbandonmentReport } from "@/lib/reports/server/abandonment-report";
import { SqliteCartFactStore } from "@/lib/store/sqlite-cart-fact-store";
import { SqlitePurchaseFactStore } from "@/lib/store/sqlite-purchase-fact-store";
import { mirrorSandbox } from "../support/mirror-sandbox";
import { expectReportFromFacts } from "../support/report-from-facts";

const sandbox = mirrorSandbox();

// No day asked for again: only the offers catalog, which carts (carrying no currency) always ask, and which a restart forgets.
const expectNothingAskedAgain = (stats: { log: Array<{ path: string }>; requests: number } | undefined, before: number) => {
  expect(stats!.log.length).toBe(stats!.requests); // the log holds every request
  const asked = stats!.log.slice(before).map((r) => r.path);
  expect(asked.length).toBeLessThanOrEqual(1);
  expect(asked.filter((p) => !p.includes("/offers"))).toEqual([]);
};

it("answers from the carts fact table, opens no day of carts once held, and gives the records' view, equal to the ground truth", async () => {
  await expectReportFromFacts(sandbox.sb, {
    resource: "abandoned-carts", dayField: "sessionInitializedAt", count: (view) => view.totalCarts,
    open: (file: string) => new SqliteCartFactStore(file), options: (cartFacts) => ({ cartFacts }), read: "carts",
    build: buildAbandonmentView, load: loadAbandonmentReport, expectNothingAskedAgain,
  });
});

it("with the purchases fact table beside it, makes its panels in the carts store, and gives the records' view, equal to the ground truth", async () => {
  await expectReportFromFacts(sandbox.sb, {
    resource: "abandoned-carts", dayField: "sessionInitializedAt", count: (view) => view.totalCarts,
    open: (file: string) => {
      const carts = new SqliteCartFactStore(file);
      const purchases = new SqlitePurchaseFactStore(file);
      // One handle for the helper: closing it closes both.
      return Object.assign(carts, { close: async () => Promise.all([SqliteCartFactStore.prototype.close.call(carts), purchases.close()]).then(() => undefined), purchases });
    },
    options: (cartFacts) => ({ cartFacts, facts: cartFacts.purchases as never }), read: "cartPanels",
    build: buildAbandonmentView, load: loadAbandonmentReport, expectNothingAskedAgain,
  });
});
