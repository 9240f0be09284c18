// The refunds and chargebacks tables' records (table-sources.ts's genericSnapshot): dated by
// request they are the loss records requested in the range, read without opening a purchase
// record; dated by sale, the records of the range's sales, as the report's records path keeps them.
import { beforeEach, describe, expect, it } from "vitest";
import { loadLossRecords, loadRefundRecords } from "@/lib/reports/server/refunds-records";
import { genericSnapshot } from "@/lib/reports/server/table-sources";
import { MemoryAccountSettingsStore } from "@/lib/store/account-settings-store";
import { getProcessState } from "@/lib/store/process-state";
import { TableIndexCache } from "@/lib/store/table-index-cache";
import { eventsClient } from "../support/event-facts-fixture";
import { reportParams } from "../support/purchase-facts-fixture";
import { assumeCurrency } from "@/lib/analytics/assumed-currency";
import type { MirroredClient } from "@/lib/mirror/range-reader";

getProcessState().settings = new MemoryAccountSettingsStore();

/** The fixture's client, counting the resources it is asked for. */
function counted(client: MirroredClient) {
  const asked: string[] = [];
  const wrapped = { ...client, fetchRange: (resource: string, ...rest: unknown[]) => (asked.push(resource), (client.fetchRange as (...a: unknown[]) => unknown)(resource, ...rest)) } as unknown as MirroredClient;
  return { client: wrapped, asked };
}

const base = reportParams({ from: "2026-04-01", to: "2026-05-15", timeZone: "America/Sao_Paulo", granularity: "day", keyType: "creator", filters: {}, currency: assumeCurrency("brl") });

describe("the refunds and chargebacks tables' records", () => {
  beforeEach(() => {
    getProcessState().tables = new TableIndexCache();
  });

  for (const kind of ["refunds", "chargebacks"] as const) {
    it(`${kind}, dated by request: the records requested in the range, no purchase record opened`, async () => {
      const params = { ...base, dating: "event" as const };
      const { client, asked } = counted(eventsClient());
      const snapshot = await genericSnapshot(client, kind, params);
      const expected = (await loadLossRecords(eventsClient(), params, {}, null))[kind]!;
      expect(expected.length).toBeGreaterThan(10);
      expect(snapshot.entry.data.records).toEqual(expected);
      expect(asked.filter((r) => r === "purchases")).toEqual([]);
    });

    it(`${kind}, dated by sale: the records of the range's sales, as the report's records path keeps them`, async () => {
      const params = { ...base, dating: "sale" as const };
      const snapshot = await genericSnapshot(eventsClient(), kind, params);
      const expected = (await loadRefundRecords(eventsClient(), params))[kind]!;
      expect(expected.length).toBeGreaterThan(0);
      expect(snapshot.entry.data.records).toEqual(expected);
    });
  }
});
