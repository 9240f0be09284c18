import path from "node:path";
import { expect, vi } from "vitest";
import { inLocalRange } from "@/lib/analytics/local-days";
import type { ReportParams } from "@/lib/report-params/definitions";
import { parseReportParams } from "@/lib/report-params/parse";
import type { ReportQuality } from "@/lib/reports/report-quality";
import { SqliteMirrorStore } from "@/lib/store/sqlite-mirror-store";
import { groundTruth, type ListResource } from "../../sandbox/ground-truth";
import { creatorReportClient, timeless } from "./mirror-sandbox";
import { NOW_MS, resetProcessState, tempDataDir } from "./mirror-sync";
import { FIXED_NOW, type RunningSandbox } from "./sandbox-process";
import type { MirroredClient } from "@/lib/mirror/range-reader";

type SandboxStats = Awaited<ReturnType<RunningSandbox["stats"]>>;

interface FactsReport<F, V> {
  resource: ListResource;
  /** The fact store, in the mirror's own file, and its options for the client and the view. */
  open: (file: string) => F;
  options: (facts: F) => Record<string, F>;
  /** The fact store's method a view from the table calls. */
  read: NoInfer<keyof F & string>;
  build: (client: MirroredClient, params: ReportParams, options: Record<string, F>) => Promise<V>;
  load: (client: MirroredClient, params: ReportParams) => Promise<{ view: V }>;
  /** After a restart, what the upstream was asked (the stats, and the requests before it) is nothing the table holds. */
  expectNothingAskedAgain: (stats: SandboxStats[string] | undefined, before: number) => void;
  /** The record field its local day is read from, and the view's count of records. */
  dayField: string;
  count: (view: V) => number;
}

/**
 * A report over the mirror reads its fact table: the first load fetches the range (which writes
 * the days' rows); after a restart the report asks the upstream nothing and opens no sealed day
 * of the resource, and it is the very view the records give, whose count equals the ground truth.
 */
export async function expectReportFromFacts<F extends { close(): Promise<void> }, V extends { quality: ReportQuality }>(sb: RunningSandbox, spec: FactsReport<F, V>): Promise<void> {
  const file = path.join(tempDataDir(), "mirror.sqlite");
  const store = new SqliteMirrorStore(file);
  const facts = spec.open(file);
  try {
    const options = spec.options(facts);
    const clientOf = () => creatorReportClient(sb, store, options);
    const { params, problems } = parseReportParams({ from: "2026-04-01", to: "2026-05-31", tz: "America/Sao_Paulo", compare: "previous" }, new Date(NOW_MS));
    expect(problems).toEqual([]);

    const read = vi.spyOn(facts as Record<string, (...args: never[]) => unknown>, spec.read);
    const first = await spec.build(clientOf(), params, options);
    expect(read).toHaveBeenCalled();
    const requestsAfterFirst = (await sb.stats()).creator?.requests ?? 0;
    expect(requestsAfterFirst).toBeGreaterThan(0);

    resetProcessState(); // a restart: nothing decoded in memory
    read.mockClear();
    const readDays = vi.spyOn(store, "readDays");
    const again = await spec.build(clientOf(), params, options);
    expect(read).toHaveBeenCalled();
    spec.expectNothingAskedAgain((await sb.stats()).creator, requestsAfterFirst);
    expect(readDays.mock.calls.filter(([, resource]) => resource === spec.resource)).toEqual([]);
    expect(timeless(again)).toEqual(timeless(first));
    readDays.mockRestore();

    // The records' view (the CSV's loader), and the ground truth's count of records.
    const { view: fromRecords } = await spec.load(clientOf(), params);
    expect(timeless(again)).toEqual(timeless(fromRecords));
    const truth = groundTruth({ now: FIXED_NOW }, "creator", spec.resource, "2026-03-20", "2026-06-10").filter((r) => inLocalRange(String(r[spec.dayField]), params.from, params.to, params.tz));
    expect(truth.length).toBeGreaterThan(50);
    expect(spec.count(again)).toBe(truth.length);
  } finally {
    await facts.close();
    await store.close();
  }
}
