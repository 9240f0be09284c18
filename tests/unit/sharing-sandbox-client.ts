// A MirroredClient answering from the sandbox's own generator (no server, no network): the
// records the sandbox would send for a scope at a fixed "now", read through the client's
// schemas, and the days' digests when a report asks for them, as the mirror answers.
import { Dataset, type ListResource, type Scope } from "../../sandbox/data/dataset";
import { dayOf } from "../../sandbox/data/time";
import { Deadline } from "@/lib/sales-api/deadline";
import { RESOURCES, type ResourceName } from "@/lib/sales-api";
import type { RangeReport, RangeOptions } from "@/lib/mirror/range-types";
import type { MirroredClient } from "@/lib/mirror/range-reader";

const DAY_MS = 86_400_000;

function daysOf(window: { from: string; to: string }): string[] {
  const days: string[] = [];
  for (let ms = Date.parse(`${window.from}T00:00:00Z`); ms <= Date.parse(`${window.to}T00:00:00Z`); ms += DAY_MS) days.push(new Date(ms).toISOString().slice(0, 10));
  return days;
}

export function sandboxClient(scope: Scope, now: number, identity = `sharing-test-${scope.keyType}`): MirroredClient & { raw: (resource: ListResource, window: { from: string; to: string }) => Array<Record<string, unknown>> } {
  const dataset = new Dataset("salesdash", 1);
  const raw = (resource: ListResource, window: { from: string; to: string }) => daysOf(window).flatMap((day) => dataset.dayRecords(scope, resource, dayOf(Date.parse(`${day}T00:00:00Z`)), now));
  const parsed = (resource: ResourceName, day: string) =>
    raw(resource as ListResource, { from: day, to: day }).flatMap((r) => {
      const result = RESOURCES[resource].schema.safeParse(r);
      return result.success ? [result.data] : [];
    });
  const client = {
    identity,
    raw,
    fetchRange: async (resource: ResourceName, window: { from: string; to: string }, options?: RangeOptions) => {
      const days = daysOf(window);
      const records: unknown[] = [];
      const digests = new Map<string, unknown>();
      for (const day of days) {
        const dayRecords = parsed(resource, day);
        const digest = options?.digest;
        if (digest && !digest.recordDays?.has(day)) digests.set(day, digest.digester.of(dayRecords as never, { fetchedAt: now }));
        else records.push(...dayRecords);
      }
      const report: RangeReport = {
        resource, from: window.from, to: window.to, windows: [], requests: 1, retries: 0, tokenExchanges: 0, cacheHits: 0,
        incompleteDays: [], invalidRecords: [], oddShapeRecords: 0, unfetchedDays: [], complete: true, fetchedAt: days.map((d) => [d, now]),
      } as RangeReport;
      return { records, digests, report };
    },
    fetchCatalog: async () => ({ available: false, records: [], truncated: false }),
    probeKeyType: async () => scope.keyType,
    reportDeadline: () => new Deadline(120_000),
  };
  return client as unknown as MirroredClient & { raw: typeof raw };
}
