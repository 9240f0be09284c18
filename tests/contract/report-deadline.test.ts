// A Sales API slower than the client's timeout: retries must not hold a report for minutes.
// A range fetch stops at its deadline, returns what arrived (exactly the ground truth of
// those days) and names the days it could not fetch.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTransport, type Transport } from "@/lib/sales-api/transport";
import { groundTruth } from "../../sandbox/ground-truth";
import { clientFor } from "../support/sandbox-client";
import { FIXED_NOW, startSandboxProcess, wire, type RunningSandbox } from "../support/sandbox-process";

let sb: RunningSandbox;
beforeAll(async () => {
  sb = await startSandboxProcess(["--now", FIXED_NOW, "--rate-limit-per-minute", "100000"]);
  // The sandbox generates data when first asked: done here, so that the first window of the
  // test arrives well within its deadline even on a busy machine.
  for (const [from, to] of [["2026-03-17", "2026-06-15"], ["2025-12-17", "2026-03-17"], ["2025-11-17", "2025-12-17"]]) {
    await sb.json(`/api/v1/purchases?from=${from}&to=${to}&limit=5000`, sb.creds.affiliate.apiKey);
  }
});
afterAll(async () => sb?.stop());
beforeEach(async () => sb.reset());

const RANGE = { from: "2025-12-01", to: "2026-06-15" };
const dayAfter = (d: string) => new Date(Date.parse(`${d}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
const daysOf = (from: string, to: string) => {
  const days: string[] = [];
  for (let d = from; d <= to; d = dayAfter(d)) days.push(d);
  return days;
};

// Retries that would go on long after the deadline: only the deadline can end the fetch.
const PATIENT_RETRIES = { maxRetries: 1000, baseDelayMs: 20, maxDelayMs: 50 };

function transports() {
  const patient = createTransport({ baseUrl: sb.creds.baseUrl, caFile: sb.creds.caFile, timeoutMs: 30_000 });
  const impatient = createTransport({ baseUrl: sb.creds.baseUrl, caFile: sb.creds.caFile, timeoutMs: 300 });
  return { patient, impatient };
}

describe("a total deadline per range fetch", () => {
  it("returns the windows that arrived, equal to the ground truth, and flags the days that did not", async () => {
    const { patient, impatient } = transports();
    let calls = 0;
    // The first window arrives; then the upstream becomes slower than the client's timeout.
    const transport: Transport = {
      baseUrl: patient.baseUrl,
      async request(request) {
        if (calls++ > 0) return impatient.request(request);
        const response = await patient.request(request);
        await sb.controls({ latencyMs: 30_000 });
        return response;
      },
    };
    // An affiliate's smaller windows: the first one arrives well within the deadline on a busy machine.
    const { client } = clientFor(sb, sb.creds.affiliate, "A", { transport, retry: PATIENT_RETRIES, deadlineMs: 6_000 });
    const { records, report } = await client.fetchRange("purchases", RANGE);

    expect(report.complete).toBe(false);
    expect(report.unfetchedDays.length).toBeGreaterThan(0);
    expect(report.retries).toBeGreaterThan(0);
    const unfetched = new Set(report.unfetchedDays);
    const fetched = daysOf(RANGE.from, RANGE.to).filter((d) => !unfetched.has(d));
    expect(fetched.length).toBeGreaterThan(0);
    // The newest window came first: what is missing is the older end of the range, in one run.
    expect(report.unfetchedDays).toEqual(daysOf(RANGE.from, report.unfetchedDays.at(-1)!));
    const truth = wire(groundTruth({ now: FIXED_NOW }, "affiliate", "purchases", RANGE.from, dayAfter(RANGE.to)));
    expect(wire(records)).toEqual(truth.filter((p) => !unfetched.has(String(p.checkoutInitializedAt).slice(0, 10))));
  });

  it("resolves with every day flagged, instead of an error after all retries, when nothing arrives in time", async () => {
    await sb.controls({ latencyMs: 5_000 });
    const { impatient } = transports();
    const { client } = clientFor(sb, sb.creds.creator, "A", { transport: impatient, retry: PATIENT_RETRIES, deadlineMs: 1_500 });
    const { records, report } = await client.fetchRange("orders", { from: "2026-06-01", to: "2026-06-14" });
    expect(records).toEqual([]);
    expect(report.complete).toBe(false);
    expect(report.unfetchedDays).toEqual(daysOf("2026-06-01", "2026-06-14"));
  });

  it("leaves a fetch that ends in time complete, with no day flagged", async () => {
    const { client } = clientFor(sb, sb.creds.creator, "A", { deadlineMs: 60_000 });
    const { report } = await client.fetchRange("orders", { from: "2026-06-01", to: "2026-06-14" });
    expect(report.complete).toBe(true);
    expect(report.unfetchedDays).toEqual([]);
  });
});

describe("one deadline for all the fetches of a report", () => {
  it("a report's later fetches do not start a deadline of their own once the report's has passed", async () => {
    await sb.controls({ latencyMs: 5_000 });
    const { impatient } = transports();
    const { client } = clientFor(sb, sb.creds.creator, "A", { transport: impatient, retry: PATIENT_RETRIES, deadlineMs: 1_500 });
    const deadline = client.reportDeadline();
    // The shown period spends the whole deadline on a slow upstream...
    const shown = await client.fetchRange("orders", { from: "2026-06-01", to: "2026-06-14" }, { deadline });
    expect(shown.report.unfetchedDays).toEqual(daysOf("2026-06-01", "2026-06-14"));
    expect(deadline.passed).toBe(true);
    // ...so the comparison period asks the upstream nothing and flags its days at once.
    await sb.controls({ latencyMs: 0 });
    const comparison = await client.fetchRange("orders", { from: "2026-05-18", to: "2026-05-31" }, { deadline });
    expect(comparison.report.requests).toBe(0);
    expect(comparison.records).toEqual([]);
    expect(comparison.report.unfetchedDays).toEqual(daysOf("2026-05-18", "2026-05-31"));
    // A fetch without the report's deadline has one of its own, and gets its days.
    const alone = await client.fetchRange("orders", { from: "2026-05-18", to: "2026-05-31" });
    expect(alone.report.complete).toBe(true);
  });
});
