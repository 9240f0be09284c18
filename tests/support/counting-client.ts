// A held client that counts the days whose records it hands out, so a test can tell which days a
// page or a lookup opened (a day asked only for its mark or digest opens no record), and that
// stamps each day's fetch as `stampOf` says, so a test can make the mirror disagree with a table.
import { NOW, utcDays } from "./held-days";
import type { MirroredClient } from "@/lib/mirror/range-reader";
import type { RangeOptions } from "@/lib/mirror/range-types";

export function countingClient(held: MirroredClient, stampOf: (day: string) => number = () => NOW) {
  const opened: string[] = [];
  const client = {
    ...held,
    fetchRange: async (resource: string, window: { from: string; to: string }, options?: RangeOptions) => {
      const digest = options?.digest;
      opened.push(...utcDays(window.from, window.to).filter((day) => !digest || digest.recordDays?.has(day)));
      const answer = await held.fetchRange(resource as never, window as never, options);
      return { ...answer, report: { ...answer.report, fetchedAt: answer.report.fetchedAt.map(([day]) => [day, stampOf(day)]) } };
    },
  } as unknown as MirroredClient;
  return { client, opened };
}
