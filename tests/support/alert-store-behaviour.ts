import { describe, expect, it } from "vitest";
import type { AlertEpisode, AlertRule, AlertStore } from "@/lib/store/alert-store";

// The contract every AlertStore back-end keeps: memory and SQLite in tests/unit, PostgreSQL in
// tests/backends. `make` answers a store on an empty back-end.
export function alertStoreBehaviour(name: string, make: () => AlertStore | Promise<AlertStore>): void {
  // Epoch ms past 2^31 and 2^32: a column or a parse that narrows them shows.
  const T = 1_781_000_000_000;
  let n = 0;
  const episode = (account: string, extra: Partial<AlertEpisode> = {}): AlertEpisode => {
    const i = ++n;
    const facts = JSON.stringify({ currency: "brl", today: 100 + i, expected: 250.5 });
    return { id: `e${i}`, account, kind: "sales_drop", subject: "brl", openedAt: T + i * 1_000, clearSince: null, resolvedAt: null, facts, lastFacts: facts, ...extra };
  };
  const all = { since: 0, limit: 1_000 };

  describe(`${name} alert store`, () => {
    it("has no rules for an account it does not know; a rule set again of its kind replaces it", async () => {
      const store = await make();
      expect(await store.rules("a")).toEqual([]);
      const rule: AlertRule = { kind: "sales_drop", enabled: true, threshold: 27.5, timeZone: "America/Sao_Paulo" };
      await store.setRule("a", rule);
      expect(await store.rules("a")).toEqual([rule]);
      const off: AlertRule = { kind: "sales_drop", enabled: false, threshold: null, timeZone: "UTC" };
      await store.setRule("a", off);
      expect(await store.rules("a")).toEqual([off]);
      const on: AlertRule = { kind: "sales_drop", enabled: true, threshold: 40, timeZone: "Europe/Lisbon" };
      await store.setRule("a", on);
      expect(await store.rules("a")).toEqual([on]);
    });

    it("keeps each account's rules apart, ordered by kind", async () => {
      const store = await make();
      const rule = (kind: string, threshold: number | null): AlertRule => ({ kind, enabled: true, threshold, timeZone: "UTC" });
      await store.setRule("a", rule("unreadable_days", null));
      await store.setRule("a", rule("sales_drop", 30));
      await store.setRule("b", rule("key_refused", null));
      await store.setRule("a", rule("decline_rise", 10));
      await store.setRule("a", rule("key_refused", null));
      await store.setRule("a", rule("sales_drop", 35)); // replaced: keeps its place by kind
      expect(await store.rules("a")).toEqual([rule("decline_rise", 10), rule("key_refused", null), rule("sales_drop", 35), rule("unreadable_days", null)]);
      expect(await store.rules("b")).toEqual([rule("key_refused", null)]);
      expect(await store.rules("c")).toEqual([]);
    });

    it("opens an episode and answers it as stored", async () => {
      const store = await make();
      const e = episode("a", { kind: "decline_rise", subject: "psp:pagarme", facts: '{"rate":0.31}', lastFacts: '{"rate":0.33}' });
      expect(await store.open(e)).toEqual(e);
      expect(await store.episodes("a", all)).toEqual([e]);
    });

    it("answers the open episode of a subject when another is opened, and stores nothing new", async () => {
      const store = await make();
      const first = episode("a");
      const second = episode("a", { facts: '{"today":1}', lastFacts: '{"today":2}' });
      expect(await store.open(first)).toEqual(first);
      expect(await store.open(second)).toEqual(first);
      expect(await store.open(episode("a"))).toEqual(first);
      expect(await store.episodes("a", all)).toEqual([first]);
    });

    it("opens one episode per subject, kind and account", async () => {
      const store = await make();
      const first = episode("a");
      const otherSubject = episode("a", { subject: "usd" });
      const otherKind = episode("a", { kind: "unreadable_days" });
      const otherAccount = episode("b");
      for (const e of [first, otherSubject, otherKind, otherAccount]) expect(await store.open(e)).toEqual(e);
      expect(await store.episodes("a", all)).toEqual([otherKind, otherSubject, first]);
      expect(await store.episodes("b", all)).toEqual([otherAccount]);
    });

    it("opens a new episode of a subject once its open one is resolved", async () => {
      const store = await make();
      const first = episode("a");
      await store.open(first);
      const resolved = { clearSince: first.openedAt + 60_000, resolvedAt: first.openedAt + 3_660_000, lastFacts: '{"today":900}' };
      await store.update(first.id, resolved);
      const second = episode("a", { openedAt: first.openedAt + 7_200_000 });
      expect(await store.open(second)).toEqual(second);
      expect(await store.open(episode("a"))).toEqual(second);
      expect(await store.episodes("a", all)).toEqual([second, { ...first, ...resolved }]);
    });

    it("updates an episode's clearSince, resolvedAt and lastFacts, and nothing else", async () => {
      const store = await make();
      const e = episode("a");
      const neighbour = episode("a", { subject: "usd" });
      await store.open(e);
      await store.open(neighbour);
      // Given more than the three (a whole episode), it changes the three only.
      const clearing = { ...e, id: "other", account: "b", kind: "key_refused", subject: "x", openedAt: 1, facts: '{"changed":true}', clearSince: e.openedAt + 5_000, resolvedAt: null, lastFacts: '{"today":120}' };
      await store.update(e.id, clearing);
      const shown = async () => (await store.episodes("a", all)).find((x) => x.id === e.id);
      expect(await shown()).toEqual({ ...e, clearSince: e.openedAt + 5_000, lastFacts: '{"today":120}' });
      await store.update(e.id, { clearSince: null, resolvedAt: null, lastFacts: '{"today":80}' }); // holds again
      expect(await shown()).toEqual({ ...e, lastFacts: '{"today":80}' });
      await store.update(e.id, { clearSince: e.openedAt + 9_000, resolvedAt: e.openedAt + 3_609_000, lastFacts: '{"today":300}' });
      expect(await shown()).toEqual({ ...e, clearSince: e.openedAt + 9_000, resolvedAt: e.openedAt + 3_609_000, lastFacts: '{"today":300}' });
      await store.update("nope", { clearSince: 1, resolvedAt: 2, lastFacts: "{}" });
      expect(await store.episodes("a", all)).toEqual([neighbour, { ...e, clearSince: e.openedAt + 9_000, resolvedAt: e.openedAt + 3_609_000, lastFacts: '{"today":300}' }]);
      expect(await store.episodes("b", all)).toEqual([]);
    });

    it("answers the open episodes, and the resolved ones opened or resolved at or after since", async () => {
      const store = await make();
      const since = T + 100_000_000;
      const openOld = episode("a", { subject: "open-old", openedAt: since - 50_000_000 });
      const resolvedBefore = episode("a", { subject: "resolved-before", openedAt: since - 40_000_000 });
      const resolvedAtSince = episode("a", { subject: "resolved-at-since", openedAt: since - 30_000_000 });
      const openedAtSince = episode("a", { subject: "opened-at-since", openedAt: since });
      const resolvedAfter = episode("a", { subject: "resolved-after", openedAt: since - 20_000_000 });
      for (const e of [openOld, resolvedBefore, resolvedAtSince, openedAtSince, resolvedAfter]) await store.open(e);
      const resolve = async (e: AlertEpisode, resolvedAt: number): Promise<AlertEpisode> => {
        const change = { clearSince: resolvedAt - 3_600_000, resolvedAt, lastFacts: e.lastFacts };
        await store.update(e.id, change);
        return { ...e, ...change };
      };
      await resolve(resolvedBefore, since - 1);
      const atSince = await resolve(resolvedAtSince, since);
      const opened = await resolve(openedAtSince, since + 5_000_000);
      const after = await resolve(resolvedAfter, since + 1);
      expect(await store.episodes("a", { since, limit: 100 })).toEqual([opened, after, atSince, openOld]);
      expect(await store.episodes("a", { since: since + 5_000_001, limit: 100 })).toEqual([openOld]);
    });

    it("answers the newest opened first, at most the limit, and the account's own only", async () => {
      const store = await make();
      const at = [5, 1, 4, 2, 3].map((k) => episode("a", { subject: `s${k}`, openedAt: T + k * 60_000 }));
      const theirs = episode("b", { openedAt: T + 10 * 60_000 });
      for (const e of [...at, theirs]) await store.open(e);
      const newestFirst = [...at].sort((x, y) => y.openedAt - x.openedAt);
      expect(await store.episodes("a", { since: 0, limit: 3 })).toEqual(newestFirst.slice(0, 3));
      expect(await store.episodes("a", { since: 0, limit: 1 })).toEqual(newestFirst.slice(0, 1));
      expect(await store.episodes("a", all)).toEqual(newestFirst);
      expect(await store.episodes("b", all)).toEqual([theirs]);
      expect(await store.episodes("c", all)).toEqual([]);
    });

    it("drops the open episodes of an account's kind only: its resolved ones, other kinds and accounts stay", async () => {
      const store = await make();
      const resolved = episode("a", { subject: "brl" });
      await store.open(resolved);
      const resolution = { clearSince: resolved.openedAt + 1_000, resolvedAt: resolved.openedAt + 2_000, lastFacts: resolved.lastFacts };
      await store.update(resolved.id, resolution);
      const reopened = episode("a", { subject: "brl" });
      const otherSubject = episode("a", { subject: "usd" });
      const otherKind = episode("a", { kind: "decline_rise", subject: "brl" });
      const otherAccount = episode("b", { subject: "brl" });
      for (const e of [reopened, otherSubject, otherKind, otherAccount]) expect(await store.open(e)).toEqual(e);
      await store.dropOpen("a", "sales_drop");
      expect(await store.episodes("a", all)).toEqual([otherKind, { ...resolved, ...resolution }]);
      expect(await store.episodes("b", all)).toEqual([otherAccount]);
      const again = episode("a", { subject: "brl" });
      expect(await store.open(again)).toEqual(again); // nothing of the kind is open any more
    });

    it("forgets an account's rules and episodes, and no other's", async () => {
      const store = await make();
      const rule: AlertRule = { kind: "sales_drop", enabled: true, threshold: 30, timeZone: "UTC" };
      await store.setRule("a", rule);
      await store.setRule("a", { ...rule, kind: "key_refused", threshold: null });
      await store.setRule("b", rule);
      const mine = episode("a");
      await store.open(mine);
      await store.update(mine.id, { clearSince: mine.openedAt + 1, resolvedAt: mine.openedAt + 2, lastFacts: "{}" });
      await store.open(episode("a"));
      const theirs = episode("b");
      await store.open(theirs);
      await store.deleteAccount("a");
      expect(await store.rules("a")).toEqual([]);
      expect(await store.episodes("a", all)).toEqual([]);
      expect(await store.rules("b")).toEqual([rule]);
      expect(await store.episodes("b", all)).toEqual([theirs]);
      const fresh = episode("a");
      expect(await store.open(fresh)).toEqual(fresh);
    });
  });
}
