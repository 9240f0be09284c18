import { describe, expect, it } from "vitest";
import { MAX_DIGEST_SUBSCRIPTIONS, MAX_SEND_ATTEMPTS, retryWaitMs, type DigestStore, type DigestSubscription } from "@/lib/store/digest-store";

// The contract every DigestStore back-end keeps: memory and SQLite in tests/unit, PostgreSQL in
// tests/backends. `make` answers a store on an empty back-end.
export function digestStoreBehaviour(name: string, make: () => DigestStore | Promise<DigestStore>): void {
  let n = 0;
  const subscription = (account: string, extra: Partial<DigestSubscription> = {}): DigestSubscription => ({
    id: `d${++n}`, account, sealedAddress: Buffer.from([1, 2, 3, n]), addressKey: `addr-${n}`, cadence: "weekly", locale: "en", timeZone: "America/Sao_Paulo", keyType: "creator", createdAt: 1_000 + n, confirmedAt: null, ...extra,
  });

  describe(`${name} digest store`, () => {
    it("lists an account's subscriptions oldest first, and only its own; gets one by id", async () => {
      const store = await make();
      const first = subscription("a");
      const second = subscription("a", { cadence: "monthly", locale: "pt-BR", keyType: "affiliate" });
      const theirs = subscription("b");
      for (const s of [first, second, theirs]) expect(await store.create(s)).toBe("created");
      expect(await store.list("a")).toEqual([first, second]);
      expect(await store.get(theirs.id)).toEqual(theirs);
      expect(await store.get("nope")).toBeNull();
    });

    it("refuses the same address and cadence twice in an account, and more than the cap", async () => {
      const store = await make();
      const s = subscription("a");
      expect(await store.create(s)).toBe("created");
      expect(await store.create(subscription("a", { addressKey: s.addressKey }))).toBe("exists");
      expect(await store.create(subscription("a", { addressKey: s.addressKey, cadence: "daily" }))).toBe("created");
      expect(await store.create(subscription("b", { addressKey: s.addressKey }))).toBe("created");
      for (let i = 2; i < MAX_DIGEST_SUBSCRIPTIONS; i++) expect(await store.create(subscription("a"))).toBe("created");
      expect(await store.create(subscription("a"))).toBe("full");
    });

    it("confirms once: the first time is kept", async () => {
      const store = await make();
      const s = subscription("a");
      await store.create(s);
      expect(await store.confirm(s.id, 5_000)).toBe(true);
      expect(await store.confirm(s.id, 9_000)).toBe(true);
      expect((await store.get(s.id))?.confirmedAt).toBe(5_000);
      expect(await store.confirm("nope", 1)).toBe(false);
    });

    it("claims a period's send once; again only after a claim gone stale; only the claim's holder finishes it", async () => {
      const store = await make();
      const s = subscription("a");
      await store.create(s);
      expect(await store.claimSend(s, "weekly:2026-06-08", 100, 0)).toBe(true);
      expect(await store.claimSend(s, "weekly:2026-06-08", 200, 0)).toBe(false); // live
      expect(await store.claimSend(s, "weekly:2026-06-08", 300, 101)).toBe(true); // stale: its instance stopped
      await store.finishSend(s.id, "weekly:2026-06-08", 100, "failed", 350, "late"); // the stale holder, late: ignored
      expect((await store.sends("a", 1))[0]).toMatchObject({ status: "sending", claimedAt: 300, detail: null });
      await store.finishSend(s.id, "weekly:2026-06-08", 300, "sent", 400, null);
      expect(await store.claimSend(s, "weekly:2026-06-08", 10_000_000, 9_999_999)).toBe(false); // sent: never again
      expect(await store.sends("a", 10)).toEqual([{ subscriptionId: s.id, account: "a", period: "weekly:2026-06-08", status: "sent", claimedAt: 300, updatedAt: 400, attempts: 2, detail: null }]);
      expect(await store.sends("b", 10)).toEqual([]);
    });

    it("tries a failed send again after its wait (5 minutes, doubling), at most MAX_SEND_ATTEMPTS times", async () => {
      const store = await make();
      const s = subscription("a");
      await store.create(s);
      const period = "weekly:2026-06-15";
      let at = 1_000;
      for (let attempt = 1; attempt <= MAX_SEND_ATTEMPTS; attempt++) {
        expect(await store.claimSend(s, period, at, 0)).toBe(true);
        await store.finishSend(s.id, period, at, "failed", at, "The mail server refused the message (SMTP 550).");
        expect((await store.sends("a", 1))[0]).toMatchObject({ status: "failed", attempts: attempt, detail: "The mail server refused the message (SMTP 550)." });
        expect(await store.claimSend(s, period, at + retryWaitMs(attempt) - 1, 0)).toBe(false); // still waiting
        at += retryWaitMs(attempt);
      }
      expect(retryWaitMs(1)).toBe(5 * 60_000);
      expect(retryWaitMs(2)).toBe(10 * 60_000);
      expect(await store.claimSend(s, period, at + 10 * 86_400_000, 0)).toBe(false); // given up
    });

    it("claims nothing for a subscription that is gone", async () => {
      const store = await make();
      const s = subscription("a");
      expect(await store.claimSend(s, "weekly:2026-06-08", 1, 0)).toBe(false);
      expect(await store.sends("a", 10)).toEqual([]);
    });

    it("deletes a subscription with its sends, and forgets an account", async () => {
      const store = await make();
      const [s, t, u] = [subscription("a"), subscription("a"), subscription("b")];
      for (const x of [s, t, u]) await store.create(x);
      await store.claimSend(s, "p", 1, 0);
      await store.claimSend(t, "p", 2, 0);
      await store.claimSend(u, "p", 3, 0);
      expect(await store.delete(s.id)).toBe(true);
      expect(await store.delete(s.id)).toBe(false);
      expect((await store.sends("a", 10)).map((x) => x.subscriptionId)).toEqual([t.id]);
      await store.deleteAccount("a");
      expect(await store.list("a")).toEqual([]);
      expect(await store.sends("a", 10)).toEqual([]);
      expect(await store.list("b")).toEqual([u]);
      expect(await store.sends("b", 10)).toHaveLength(1);
    });
  });
}
