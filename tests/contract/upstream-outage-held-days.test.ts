// An upstream that cannot be reached during a report (issue #24): the days already held (the
// mirror's, here the day cache's) are answered, exactly the ground truth, and the others are
// flagged as unfetched because the upstream is unreachable. Without any day held, or for a
// background sync (the option off), the outage stays an error.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { errorKind, SalesApiTransportError } from "@/lib/sales-api";
import { reportQuality } from "@/lib/reports/report-quality";
import { createTransport, type Transport } from "@/lib/sales-api/transport";
import { groundTruth } from "../../sandbox/ground-truth";
import { clientFor } from "../support/sandbox-client";
import { FIXED_NOW, startSandboxProcess, wire, type RunningSandbox } from "../support/sandbox-process";

let sb: RunningSandbox;
beforeAll(async () => void (sb = await startSandboxProcess(["--now", FIXED_NOW, "--rate-limit-per-minute", "100000"])));
afterAll(async () => sb?.stop());
beforeEach(async () => sb.reset());

const HELD = { from: "2026-06-01", to: "2026-06-12" };
const ASKED = { from: "2026-06-01", to: "2026-06-15" };
const RETRY = { baseDelayMs: 5, maxDelayMs: 10, maxRetries: 2 };

/** A transport that answers until `down()` is called, then refuses every connection. */
function switchable(): { transport: Transport; down: () => void } {
  const real = createTransport({ baseUrl: sb.creds.baseUrl, caFile: sb.creds.caFile, timeoutMs: 15_000 });
  let up = true;
  return {
    down: () => void (up = false),
    transport: {
      baseUrl: real.baseUrl,
      request: async (request) => {
        if (!up) throw new SalesApiTransportError("connection_refused", "connection refused by 127.0.0.1:1");
        return real.request(request);
      },
    },
  };
}

describe("an upstream outage during a report", () => {
  it("answers the days held, equal to the ground truth, and flags the rest as unreachable", async () => {
    const { transport, down } = switchable();
    const { client } = clientFor(sb, sb.creds.affiliate, "A", { transport, retry: RETRY });
    await client.fetchRange("purchases", HELD);
    down();
    const { records, report } = await client.fetchRange("purchases", ASKED, { keepHeldOnOutage: true });
    expect(report.unfetchedDays).toEqual(["2026-06-13", "2026-06-14", "2026-06-15"]);
    expect(report.unreachable).toBe(true);
    expect(report.complete).toBe(false);
    expect(wire(records)).toEqual(wire(groundTruth({ now: FIXED_NOW }, "affiliate", "purchases", HELD.from, "2026-06-13")));
    const quality = reportQuality({ current: [report] });
    expect(quality).toMatchObject({ complete: false, unreachable: true, unfetchedDays: report.unfetchedDays });
  });

  it("stays an error when no day is held, and for a fetch that does not keep held days (a sync)", async () => {
    const { transport, down } = switchable();
    const { client } = clientFor(sb, sb.creds.affiliate, "A", { transport, retry: RETRY });
    await client.fetchRange("purchases", HELD);
    down();
    const failure = await client.fetchRange("purchases", { from: "2026-05-01", to: "2026-05-05" }, { keepHeldOnOutage: true }).catch((e: unknown) => e);
    expect(errorKind(failure)).toBe("network");
    const sync = await client.fetchRange("purchases", ASKED).catch((e: unknown) => e);
    expect(errorKind(sync)).toBe("network");
  });
});
