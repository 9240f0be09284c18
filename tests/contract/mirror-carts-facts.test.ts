// An Abandonment report over the mirror reads the carts fact table: the first load fetches the
// range (which writes the days' rows), after a restart the report asks the upstream nothing and
// opens no sealed day of carts, and it is the very view the records give, whose cart count
// equals the ground truth. With the purchases fact table beside it, the same holds of the view
// whose panels the carts store aggregates (cartPanels).
import path from "node:path";
import { expect, it, vi } from "vitest";
import { buildAbandonmentView, loadAbandonmentReport } from "@/lib/reports/server/abandonment-report";
import { buildOverviewView } from "@/lib/reports/server/overview-report";
import { overviewWindows } from "@/lib/reports/overview-windows";
import { SqliteCartFactStore } from "@/lib/store/sqlite-cart-fact-store";
import { SqliteMirrorStore } from "@/lib/store/sqlite-mirror-store";
import { SqlitePurchaseFactStore } from "@/lib/store/sqlite-purchase-fact-store";
import { creatorReportClient, mirrorSandbox, timeless } from "../support/mirror-sandbox";
import { NOW_MS, resetProcessState, tempDataDir } from "../support/mirror-sync";
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

it("the Overview's abandoned carts of the week are the Abandonment report's KPIs made in the carts store: no day of carts opened once held, the records' figures", async () => {
  const file = path.join(tempDataDir(), "mirror.sqlite");
  const store = new SqliteMirrorStore(file);
  const carts = new SqliteCartFactStore(file);
  const purchases = new SqlitePurchaseFactStore(file);
  try {
    const options = { cartFacts: carts, facts: purchases };
    const clientOf = () => creatorReportClient(sandbox.sb, store, options);
    const windows = overviewWindows(new Date(NOW_MS), "America/Sao_Paulo");
    const first = await buildOverviewView(clientOf(), "creator", windows, { ...options, cartStoreReadsPurchases: true });

    resetProcessState(); // a restart: nothing decoded in memory
    const panels = vi.spyOn(carts, "cartPanels");
    const readDays = vi.spyOn(store, "readDays");
    const again = await buildOverviewView(clientOf(), "creator", windows, { ...options, cartStoreReadsPurchases: true });
    expect(panels).toHaveBeenCalledTimes(1);
    expect(readDays.mock.calls.filter(([, resource]) => resource === "abandoned-carts")).toEqual([]);
    readDays.mockRestore();
    expect(timeless(again)).toEqual(timeless(first));

    // The records' Overview (no fact table given): the same carts and value not recovered, some of them.
    const fromRecords = await buildOverviewView(clientOf(), "creator", windows);
    expect(again.abandoned).toEqual(fromRecords.abandoned);
    expect(fromRecords.abandoned!.some((a) => a.carts > 0 && a.value > 0)).toBe(true);
  } finally {
    await carts.close();
    await purchases.close();
    await store.close();
  }
});
