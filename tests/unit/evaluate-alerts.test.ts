import { describe, expect, it, vi } from "vitest";
import { QUIET_MS } from "@/lib/alerts/alert-episodes";
import { evaluateAlerts, type AlertJudge } from "@/lib/alerts/evaluate-alerts";
import type { MirroredClient } from "@/lib/mirror/range-reader";
import { MemoryAlertStore } from "@/lib/store/alert-store";
import type { MirrorDayMeta } from "@/lib/store/mirror-store";

// Judging an account's alerts after a pass, without the upstream: the key refused, days over the
// API's limit (the mirror's own flags), kinds switched off read nothing, a kind whose reads fail
// stops no other.
const AT = Date.parse("2026-06-15T12:00:00Z");
const day = (d: string, complete = true, resource = "purchases"): MirrorDayMeta => ({ resource, day: d, complete, fetchedAt: 1, count: 5000 });

function setup(days: MirrorDayMeta[] = []) {
  const alerts = new MemoryAlertStore();
  const fetchRange = vi.fn(async () => {
    throw new Error("the upstream cannot be read in this test");
  });
  const client = { identity: "acct", fetchRange } as unknown as MirroredClient;
  let n = 0;
  const judge: AlertJudge = { alerts, mirror: { listDays: async () => days }, syncDays: 30, resources: ["purchases", "orders"], newId: () => `e${++n}` };
  const on = (...kinds: string[]) => Promise.all(kinds.map((kind) => alerts.setRule("acct", { kind, enabled: true, threshold: kind === "sales_drop" ? 30 : null, timeZone: "UTC" })));
  return { alerts, client, judge, fetchRange, on };
}

describe("evaluateAlerts", () => {
  it("judges nothing, and reads nothing, while no alert is on", async () => {
    const { client, judge, fetchRange } = setup([day("2026-06-14", false)]);
    expect(await evaluateAlerts(judge, client, { keyType: "creator", at: AT })).toEqual([]);
    expect(fetchRange).not.toHaveBeenCalled();
  });

  it("fires once when the key is refused, reads nothing else then, and resolves after a quiet period of passes that end well", async () => {
    const { client, judge, fetchRange, on } = setup();
    await on("key_refused", "sales_drop");
    const refused = await evaluateAlerts(judge, client, { keyType: "creator", at: AT, refused: true });
    expect(refused).toEqual([{ episode: expect.objectContaining({ kind: "key_refused", subject: "key" }), event: "fired" }]);
    expect(fetchRange).not.toHaveBeenCalled();
    expect(await evaluateAlerts(judge, client, { keyType: "creator", at: AT + 60_000, refused: true })).toEqual([]);
    expect(await evaluateAlerts(judge, client, { keyType: "creator", at: AT + 120_000 })).toEqual([]);
    // The sales alert could not be read (this client reads nothing): logged, and the key's alert went on.
    expect(await evaluateAlerts(judge, client, { keyType: "creator", at: AT + 120_000 + QUIET_MS })).toEqual([{ episode: expect.objectContaining({ kind: "key_refused" }), event: "resolved" }]);
  });

  it("tells the days of the synced window the mirror holds as over the API's limit, per resource, and none outside the window", async () => {
    const { alerts, client, judge, on } = setup([day("2026-06-14", false), day("2026-06-10", false), day("2026-06-13"), day("2026-05-01", false), day("2026-06-12", false, "refunds")]);
    await on("unreadable_days");
    const fired = await evaluateAlerts(judge, client, { keyType: "creator", at: AT });
    expect(fired.map((c) => [c.episode.subject, c.event])).toEqual([["purchases", "fired"]]);
    const [episode] = await alerts.episodes("acct", { since: 0, limit: 5 });
    expect(JSON.parse(episode!.facts)).toEqual({ resource: "purchases", days: ["2026-06-10", "2026-06-14"] });
  });

  it("counts a subject it no longer judges as clear, so that its episode resolves", async () => {
    const { alerts, client, judge, on } = setup([day("2026-06-14", false)]);
    await on("unreadable_days");
    expect((await evaluateAlerts(judge, client, { keyType: "creator", at: AT })).map((c) => c.event)).toEqual(["fired"]);
    // The purchases are no longer synced (the key may not read them): nothing judges that subject any more.
    const quiet = { ...judge, resources: ["orders"] };
    expect(await evaluateAlerts(quiet, client, { keyType: "creator", at: AT + 60_000 })).toEqual([]);
    expect(await evaluateAlerts(quiet, client, { keyType: "creator", at: AT + 60_000 + QUIET_MS })).toEqual([{ episode: expect.objectContaining({ subject: "purchases" }), event: "resolved" }]);
    expect((await alerts.episodes("acct", { since: 0, limit: 5 }))[0]!.resolvedAt).toBe(AT + 60_000 + QUIET_MS);
  });
});
