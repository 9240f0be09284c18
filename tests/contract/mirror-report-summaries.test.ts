// A Revenue report over mirrored days reads each day's stored purchase summary instead of its
// records: no upstream request, no day's records opened but those a local range cuts in two,
// and the very view the records give, whose figures equal the ground truth.
import path from "node:path";
import { expect, it, vi } from "vitest";
import { inLocalRange } from "@/lib/analytics/local-days";
import { creatorKpis } from "@/lib/analytics/revenue-kpis";
import { parseReportParams } from "@/lib/report-params/parse";
import { loadRevenueRecords } from "@/lib/reports/server/revenue-records";
import { buildRevenueView, revenueViewFrom } from "@/lib/reports/server/revenue-report";
import { revenueSummariesFrom } from "@/lib/reports/server/revenue-summaries";
import type { Purchase } from "@/lib/sales-api";
import { SqliteMirrorStore } from "@/lib/store/sqlite-mirror-store";
import { groundTruth } from "../../sandbox/ground-truth";
import { creatorReportClient, mirrorSandbox, timeless } from "../support/mirror-sandbox";
import { FIXED_NOW } from "../support/sandbox-process";
import { NOW_MS, resetProcessState, tempDataDir } from "../support/mirror-sync";

const sandbox = mirrorSandbox();

it("reads stored day summaries, not records, and gives the records' view, equal to the ground truth", async () => {
  const store = new SqliteMirrorStore(path.join(tempDataDir(), "mirror.sqlite"));
  const clientOf = () => creatorReportClient(sandbox.sb, store);
  const { params, problems } = parseReportParams({ from: "2026-03-01", to: "2026-06-14", tz: "America/Sao_Paulo", compare: "previous" }, new Date(NOW_MS));
  expect(problems).toEqual([]);

  const first = await buildRevenueView(clientOf(), "creator", params);
  const requestsAfterFirst = (await sandbox.sb.stats()).creator?.requests ?? 0;
  expect(requestsAfterFirst).toBeGreaterThan(0);

  resetProcessState(); // a restart: nothing decoded in memory
  const readDays = vi.spyOn(store, "readDays");
  const readDigests = vi.spyOn(store, "readDigests");
  const again = await buildRevenueView(clientOf(), "creator", params);
  expect((await sandbox.sb.stats()).creator?.requests).toBe(requestsAfterFirst);
  expect(timeless(again)).toEqual(timeless(first));
  // Both periods' days were read as summaries; only the UTC days Sao Paulo's edges cut were
  // opened: each period's first and last (2026-03-01 is the last of one and the first of the other).
  // One read of the store per period, for all its days but the cut ones (107 UTC days each).
  expect(readDigests.mock.calls.map(([, resource, days]) => [resource, days.length])).toEqual([["purchases", 105], ["purchases", 105]]);
  const opened = new Set(readDays.mock.calls.flatMap(([, resource, days]) => (resource === "purchases" ? days : [])));
  expect([...opened].sort()).toEqual(["2025-11-15", "2026-03-01", "2026-06-15"]);
  readDays.mockRestore();

  const fromRecords = revenueViewFrom(revenueSummariesFrom(await loadRevenueRecords(clientOf(), params)), "creator", params);
  expect(timeless(again)).toEqual(timeless(fromRecords));

  const truth = (groundTruth({ now: FIXED_NOW }, "creator", "purchases", "2026-03-01", "2026-06-16") as unknown as Purchase[]).filter((p) =>
    inLocalRange(p.checkoutInitializedAt, params.from, params.to, params.tz),
  );
  const expected = creatorKpis(truth, { fallbackCurrency: again.quality.assumedCurrency?.currency });
  expect(again.kpis.map((k) => [k.currency, k.items.find((i) => i.key === "transactionAmount")?.value, k.items.find((i) => i.key === "orders")?.value])).toEqual(
    expected.map((k) => [k.currency, k.transactionAmount, k.orders]),
  );
  expect(again.rows.total).toBe(truth.length);
  await store.close();
});
