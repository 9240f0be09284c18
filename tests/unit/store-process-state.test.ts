// A production build of Next.js loads a module once per route bundle. The upstream client's
// state (rate budget, day cache, requests in flight, tokens) must still be one per process:
// here two separately loaded copies of the modules stand for two route bundles.
import { describe, expect, it, vi } from "vitest";
import type { Transport, UpstreamRequest, UpstreamResponse } from "@/lib/sales-api/transport";

async function freshCopy() {
  vi.resetModules();
  return { client: await import("@/lib/mirror/mirror-access"), state: await import("@/lib/store/process-state") };
}

function emptyAnswer(request: UpstreamRequest): UpstreamResponse {
  const { from, to } = request.query ?? {};
  return { status: 200, ok: true, headers: new Headers() as unknown as UpstreamResponse["headers"], correlationId: null, body: { data: [], meta: { count: 0, limit: 5000, from, to, truncated: false } } };
}

/** An upstream that holds every answer until released, counting the requests. */
function heldUpstream() {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const requests: UpstreamRequest[] = [];
  const transport: Transport = {
    baseUrl: "https://upstream.invalid",
    async request(request) {
      requests.push(request);
      await gate;
      return emptyAnswer(request);
    },
  };
  return { transport, requests, release };
}

// Loading the client twice from scratch takes seconds on a busy machine.
describe("process-wide state", { timeout: 60_000 }, () => {
  it("is one object, whichever copy of the module asks", async () => {
    const a = await freshCopy();
    const b = await freshCopy();
    expect(a.state.getProcessState).not.toBe(b.state.getProcessState);
    expect(a.state.getProcessState()).toBe(b.state.getProcessState());
  });

  it("lets clients of two module copies join one request, share cached days and one rate budget", async () => {
    const a = await freshCopy();
    const b = await freshCopy();
    expect(a.client.createMirroredClient).not.toBe(b.client.createMirroredClient);
    const upstream = heldUpstream();
    const credential = { kind: "api-key", apiKey: "key_shared-state-test" } as const;
    // No server secret: the mirror over the process's memory.
    const first = a.client.createMirroredClient({ credential, transport: upstream.transport, mirror: { serverSecret: "" } });
    const second = b.client.createMirroredClient({ credential, transport: upstream.transport, mirror: { serverSecret: "" } });
    expect(second.identity).toBe(first.identity);

    const range = { from: "2026-01-01", to: "2026-01-10" };
    const both = Promise.all([first.fetchRange("purchases", range), second.fetchRange("purchases", range)]);
    await vi.waitFor(() => expect(upstream.requests.length).toBeGreaterThan(0));
    upstream.release();
    const [one, two] = await both;
    expect(upstream.requests).toHaveLength(1);
    // One window was asked for; the other client joined it (its request in flight, or its days
    // once stored, through the process's window lock) and got the same records.
    expect([one, two].flatMap((r) => r.report.windows).filter((w) => !w.shared)).toHaveLength(1);
    expect(two.records).toEqual(one.records);

    // The days are cached for every copy.
    const again = await second.fetchRange("purchases", range);
    expect(again.report.cacheHits).toBe(10);
    expect(upstream.requests).toHaveLength(1);

    // The request counted against the budget every copy reads.
    const limits = { perMinute: 1, windowMs: 60_000, perDay: 50_000, safetyMarginMs: 0 };
    expect(await b.state.getProcessState().rateLimit.take(first.identity, Date.now(), limits)).toMatchObject({ ok: false });
  });
});
