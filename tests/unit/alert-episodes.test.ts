import { describe, expect, it } from "vitest";
import { QUIET_MS, stepEpisode, type AlertSignal } from "@/lib/alerts/alert-episodes";
import type { AlertEpisode } from "@/lib/store/alert-store";

// An alert's episode, step by step: opened once when its condition starts to hold, nothing more
// while it holds or comes back within the quiet period, resolved once after a quiet period clear.
const signal = (firing: boolean, facts: unknown = { n: 1 }): AlertSignal => ({ kind: "sales_drop", subject: "brl", firing, facts });
const ids = () => "ep-1";

function apply(open: AlertEpisode | null, s: AlertSignal, at: number): { open: AlertEpisode | null; event: string | null } {
  const step = stepEpisode(open, s, at, "acct", ids);
  if (step.action === "open") return { open: step.episode, event: "fired" };
  if (step.action === "none") return { open, event: null };
  const next = { ...open!, ...step.change };
  return { open: next.resolvedAt === null ? next : null, event: step.event };
}

describe("stepEpisode", () => {
  it("does nothing while nothing holds, and opens one episode with the facts told when it starts to", () => {
    expect(stepEpisode(null, signal(false), 1, "acct", ids)).toEqual({ action: "none" });
    expect(stepEpisode(null, signal(true, { drop: 0.4 }), 10, "acct", ids)).toEqual({
      action: "open",
      episode: { id: "ep-1", account: "acct", kind: "sales_drop", subject: "brl", openedAt: 10, clearSince: null, resolvedAt: null, facts: '{"drop":0.4}', lastFacts: '{"drop":0.4}' },
    });
  });

  it("tells one episode once however often it dips and comes back within the quiet period, and resolves it once after", () => {
    const events: Array<[number, string]> = [];
    let open: AlertEpisode | null = null;
    const run = (firing: boolean, at: number) => {
      const next = apply(open, signal(firing), at);
      open = next.open;
      if (next.event) events.push([at, next.event]);
    };
    run(true, 0);
    run(true, 5 * 60_000);
    run(false, 10 * 60_000); // clear since 10 min
    run(false, 10 * 60_000 + QUIET_MS - 1); // not yet
    run(true, 20 * 60_000 + QUIET_MS); // back: the same episode, nothing said
    run(false, 30 * 60_000 + QUIET_MS); // clear again, from here
    run(false, 30 * 60_000 + 2 * QUIET_MS - 1);
    run(false, 30 * 60_000 + 2 * QUIET_MS); // a whole quiet period clear: resolved
    run(false, 40 * 60_000 + 2 * QUIET_MS); // nothing more
    run(true, 50 * 60_000 + 2 * QUIET_MS); // a new episode
    expect(events).toEqual([
      [0, "fired"],
      [30 * 60_000 + 2 * QUIET_MS, "resolved"],
      [50 * 60_000 + 2 * QUIET_MS, "fired"],
    ]);
  });

  it("keeps the latest facts on the open episode and clears its clear-since when it holds again", () => {
    const open: AlertEpisode = { id: "e", account: "acct", kind: "sales_drop", subject: "brl", openedAt: 0, clearSince: 100, resolvedAt: null, facts: "{}", lastFacts: "{}" };
    expect(stepEpisode(open, signal(true, { n: 2 }), 200, "acct", ids)).toEqual({ action: "update", id: "e", change: { clearSince: null, resolvedAt: null, lastFacts: '{"n":2}' }, event: null });
    expect(stepEpisode(open, signal(false, { n: 3 }), 100 + QUIET_MS, "acct", ids)).toEqual({ action: "update", id: "e", change: { clearSince: 100, resolvedAt: 100 + QUIET_MS, lastFacts: '{"n":3}' }, event: "resolved" });
  });
});
