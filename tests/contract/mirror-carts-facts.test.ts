// An Abandonment report over the mirror reads the carts fact table: the first load fetches the
// range (which writes the days' rows), after a restart the report asks the upstream nothing and
// opens no sealed day of carts, and it is the very view the records give, whose cart count
// equals the ground truth.
import path from "node:path";
import { expect, it, vi } from "vitest";
import { inLocalRange } from "@/lib/analytics/local-days";
import { parseReportParams } from "@/lib/report-params/parse";
import { buildAbandonmentView, loadAbandonmentReport } from "@/lib/reports/server/abandonment-report";
import { SqliteMirrorStore } from "@/lib/store/sqlite-mirror-store";
import { SqliteCartFactStore } from "@/lib/store/sqlite-cart-fact-store";
import { groundTruth } from "../../sandbox/ground-truth";
import { creatorReportClient, mirrorSandbox, timeless } from "../support/mirror-sandbox";
import { FIXED_NOW } from "../support/sandbox-process";
import { NOW_MS, resetProcessState, tempDataDir } from "../support/mirror-sync";

const sandbox = mirrorSandbox();

it("answers from the carts fact table, opens no day of carts once held, and gives the records' view, equal to the ground truth", async () => {
  const file = path.join(tempDataDir(), "mirror.sqlite");
  const store = new SqliteMirrorStore(file);
  const cartFacts = new SqliteCartFactStore(file);
  try {
    const clientOf = () => creatorReportClient(sandbox.sb, store, { cartFacts });
    const { params, problems } = parseReportParams({ from: "2026-04-01", to: "2026-05-31", tz: "America/Sao_Paulo", compare: "previous" }, new Date(NOW_MS));
    expect(problems).toEqual([]);

    const carts = vi.spyOn(cartFacts, "carts");
    const first = await buildAbandonmentView(clientOf(), params, { cartFacts });
    expect(carts).toHaveBeenCalled();
    const requestsAfterFirst = (await sandbox.sb.stats()).creator?.requests ?? 0;
    expect(requestsAfterFirst).toBeGreaterThan(0);

    resetProcessState(); // a restart: nothing decoded in memory
    carts.mockClear();
    const readDays = vi.spyOn(store, "readDays");
    const again = await buildAbandonmentView(clientOf(), params, { cartFacts });
    expect(carts).toHaveBeenCalled();
    // No day asked for again: only the offers catalog, which carts (carrying no currency) always ask, and which a restart forgets.
    const stats = (await sandbox.sb.stats()).creator!;
    expect(stats.log.length).toBe(stats.requests); // the log holds every request
    const asked = stats.log.slice(requestsAfterFirst).map((r) => r.path);
    expect(asked.length).toBeLessThanOrEqual(1);
    expect(asked.filter((p) => !p.includes("/offers"))).toEqual([]);
    expect(readDays.mock.calls.filter(([, resource]) => resource === "abandoned-carts")).toEqual([]);
    expect(timeless(again)).toEqual(timeless(first));
    readDays.mockRestore();

    // The records' view (the CSV's loader), and the ground truth's count of carts.
    const { view: fromRecords } = await loadAbandonmentReport(clientOf(), params);
    expect(timeless(again)).toEqual(timeless(fromRecords));
    const truth = groundTruth({ now: FIXED_NOW }, "creator", "abandoned-carts", "2026-03-20", "2026-06-10").filter((c) => inLocalRange(String(c.sessionInitializedAt), params.from, params.to, params.tz));
    expect(truth.length).toBeGreaterThan(50);
    expect(again.totalCarts).toBe(truth.length);
  } finally {
    await cartFacts.close();
    await store.close();
  }
});
