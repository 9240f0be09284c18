import fc from "fast-check";
import { expect, vi } from "vitest";
import { assumeCurrency } from "@/lib/analytics/assumed-currency";
import { FILTER_KEYS, type ReportParams } from "@/lib/report-params/definitions";
import { buildAffiliatesView } from "@/lib/reports/server/affiliates-report";
import type { CurrencyAssumption } from "@/lib/analytics/assumed-currency";
import type { EventFactStore } from "@/lib/store/event-fact-store";
import type { PurchaseFactStore } from "@/lib/store/purchase-fact-store";
import { eventsClient } from "./event-facts-fixture";
import { affiliatesClient, type LossEndpoints } from "./affiliate-facts-fixture";
import { beforeTheDataParams, drawnParams, lossEndpointDraws, reportDraws, withoutComputedAt } from "./report-property-draws";
import { viewHoldsToRecords } from "./views-from-facts";

// A property: for random ranges, zones, filters ("none" and a value no record has included),
// comparisons, currency placements, URL currencies and endpoints answering or not, the
// Affiliates view made from the purchases fact table is the very view the records give. The
// store holds the creator account's days (fillFactStore) under the account name "creator", and
// the 400 days before them empty (storeEmptyDaysBefore).

const ZONES = ["UTC", "America/Sao_Paulo", "America/New_York", "Europe/London", "Australia/Lord_Howe", "Asia/Kathmandu", "Pacific/Chatham", "Pacific/Kiritimati", "Pacific/Pago_Pago"];

export interface AffiliatesCase {
  params: ReportParams;
  currency: CurrencyAssumption;
  endpoints: LossEndpoints;
}

/**
 * The view with the moment it was computed left out: the one thing two computations may differ by.
 * With `eventFacts`, the sandbox's refund and chargeback records (event-facts-fixture.ts: dated,
 * odd shapes mixed in), which that table holds; else the Affiliates fixture's.
 */
export async function affiliatesView(c: AffiliatesCase, facts?: PurchaseFactStore, eventFacts?: EventFactStore, sandbox = eventFacts !== undefined) {
  const client = sandbox ? eventsClient(c.endpoints) : affiliatesClient(c.endpoints);
  const view = await buildAffiliatesView(client, c.params, { facts, eventFacts, currency: c.currency });
  return withoutComputedAt(view);
}

function caseArbitrary(): fc.Arbitrary<AffiliatesCase> {
  return fc
    .record({ ...reportDraws(ZONES, FILTER_KEYS, 3), ...lossEndpointDraws() })
    .map(({ refunds, chargebacks, ...drawn }) => ({ params: drawnParams(drawn), currency: drawn.currency, endpoints: { refunds, chargebacks } }));
}

const beforeTheData: AffiliatesCase = {
  params: beforeTheDataParams(),
  currency: assumeCurrency("brl"),
  endpoints: { refunds: "records", chargebacks: "records" },
};

/** Runs the property `runs` times against a store holding the creator account's days. */
export async function affiliatesViewHoldsToRecords(store: PurchaseFactStore, runs: number, seed?: number): Promise<void> {
  let fromFacts = 0;
  let withRows = 0;
  let beforeData = 0;
  const tally = (view: Awaited<ReturnType<typeof affiliatesView>>, readGroups: boolean) => {
    if (readGroups) fromFacts++;
    if (view.blocks.some((b) => b.rows.length > 0)) withRows++;
    if (view.comparisonDataFrom !== null) beforeData++;
  };
  // Drawn first: a comparison period reaching back before the data (no trend to tell), which random draws find less often.
  await viewHoldsToRecords(store, "affiliateGroups", caseArbitrary(), affiliatesView, tally, { numRuns: runs, seed, examples: [[beforeTheData]] });
  // Most draws must be answered by the table, and find affiliates, or the property would hold of little.
  expect(fromFacts).toBeGreaterThan(runs / 2);
  expect(withRows).toBeGreaterThan(runs / 3);
  // Comparison periods starting before the data (no trend told) are drawn too.
  expect(beforeData).toBeGreaterThan(0);
}

// Fixed, so that the shares the property must reach are the same draws on every run.
const EVENT_TABLES_SEED = 2025;

/**
 * The same property with the chargebacks read from their fact table (`eventFacts` holding the
 * sandbox's records of the held days under "creator", every other day of the windows held
 * empty): the view is the records' view; most draws read the chargebacks' rows from the table,
 * and none reads the refunds' rows (the leaderboard needs only their days' marks).
 */
export async function affiliatesViewFromEventTablesHoldsToRecords(store: PurchaseFactStore, eventFacts: EventFactStore, runs: number, seed = EVENT_TABLES_SEED): Promise<void> {
  let fromTable = 0;
  let charged = 0;
  const read = vi.spyOn(eventFacts, "events");
  const summed = vi.spyOn(store, "affiliateGroups");
  try {
    await fc.assert(
      fc.asyncProperty(caseArbitrary(), async (c) => {
        const calls = read.mock.calls.length;
        const sums = summed.mock.calls.length;
        const view = await affiliatesView(c, store, eventFacts);
        const resources = read.mock.calls.slice(calls).map((call) => call[1]);
        expect(resources).not.toContain("refunds");
        // Both tables answered: the chargebacks', and the purchases' sums (else the view would be the records' own).
        if (resources.includes("chargebacks") && summed.mock.calls.length > sums) fromTable++;
        if (view.blocks.some((b) => (b.account.chargebacks ?? 0) > 0)) charged++;
        expect(view).toEqual(await affiliatesView(c, undefined, undefined, true));
      }),
      { numRuns: runs, seed },
    );
  } finally {
    read.mockRestore();
    summed.mockRestore();
  }
  expect(fromTable).toBeGreaterThan(runs / 2);
  expect(charged).toBeGreaterThan(runs / 10);
}
