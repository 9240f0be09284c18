// "Forget my data" (lib/actions/account/forget-my-data.ts) deletes the mirror, then asks
// reports.busy(identity) and, while a report runs, waits and deletes again. A report is running
// for its whole read of a range, its reads of the mirror included (seconds for two years of days),
// not only while it fetches upstream: else forget would not wait for it, and the report would then
// write back the days it fetched, their digests and fact rows.
import { expect, it } from "vitest";
import { createSalesApiClient, credentialFrom, getClientState } from "@/lib/sales-api";
import { mirrorOver } from "@/lib/mirror/range-reader";
import type { CachedDay, DayStore } from "@/lib/mirror/day-store";

it("a report is busy for its account while it reads its days from the mirror, not only while it fetches", async () => {
  const transport = {
    baseUrl: "https://upstream.invalid",
    request: () => { throw new Error("no upstream request expected"); },
  } as never;
  const upstream = createSalesApiClient({ credential: credentialFrom({ apiKey: "k".repeat(32) }), transport });
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  const store: DayStore = {
    async get() {
      await gate; // a slow store read (decrypting two years of days)
      return { records: [], complete: true, fetchedAt: 1 } as CachedDay;
    },
    async set() {},
  };
  const report = mirrorOver(upstream, store).fetchRange("purchases", { from: "2026-01-01", to: "2026-01-03" });
  await new Promise((resolve) => setTimeout(resolve, 20));
  const busyWhileReading = getClientState().reports.busy(upstream.identity);
  open();
  await report;
  expect(busyWhileReading).toBe(true);
});
