import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { getShareLinkStore } from "@/lib/sharing/share-link-owner";
import { shareLinksOn, SHARE_LOCK_MS, type NewShareLinkInput, type ShareLinks } from "@/lib/sharing/share-link-service";
import * as processLinks from "@/lib/sharing/share-links";
import { deriveShareKeys } from "@/lib/sharing/share-keys";
import { isWellFormedToken, shareTokenHash } from "@/lib/sharing/share-token";
import { sealSnapshot } from "@/lib/sharing/snapshot-cipher";
import { shareUnlockCookieName } from "@/lib/sharing/share-unlock";
import { PostgresShareLinkStore } from "@/lib/store/postgres/postgres-share-link-store";
import { MAX_ACTIVE_SHARE_LINKS, MemoryShareLinkStore, type ShareLinkStore } from "@/lib/store/share-link-store";
import { SqliteShareLinkStore } from "@/lib/store/sqlite-share-link-store";
import { createTestSchema, type TestSchema } from "../support/postgres-test-schema";

// The contract of a share link's token: looked up on the server by its hash, and answered as
// unknown, expired, revoked, locked or open, whoever asks and whichever store holds the links
// (memory, the embedded SQLite file, and PostgreSQL when SALESDASH_TEST_DATABASE_URL is set).
// "A second instance" is another store on the same back-end: what another server process sees.
const SECRET = "share-contract-secret-0123456789abcdef";
const NOW = new Date(Date.UTC(2026, 2, 10, 12, 0, 0));
const DAY = 86_400_000;
const at = (ms: number) => new Date(NOW.getTime() + ms);
const OWNER = { identity: "acct-owner", keyType: "creator" as const, label: "Loja Azul" };
const OTHER = "acct-other";
const SNAPSHOT = { report: "revenue", keyType: "creator", accountLabel: "Loja Azul", query: "preset=last_7_days", builtAt: NOW.getTime(), view: { gross: 123_456 } };

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "salesdash-share-contract-"));
let pg: TestSchema | undefined;
const closers: Array<() => Promise<void>> = [];

beforeAll(async () => {
  vi.stubEnv("AUTH_SECRET", SECRET);
  // The process's own store (share-links.ts): the embedded SQLite file in this data directory.
  vi.stubEnv("SALESDASH_DATA_DIR", path.join(dir, "data"));
  vi.stubEnv("SALESDASH_DATABASE_URL", "");
  if (process.env.SALESDASH_TEST_DATABASE_URL) pg = await createTestSchema();
});
afterAll(async () => {
  for (const close of closers.splice(0)) await close();
  await pg?.drop();
  fs.rmSync(dir, { recursive: true, force: true });
  vi.unstubAllEnvs();
});

interface Backend {
  /** A store on an empty back-end, and a way to reach the same back-end as another instance would. */
  make(): Promise<{ store: ShareLinkStore; another(): ShareLinkStore; file?: string }>;
}

const BACKENDS: Record<string, Backend> = {
  memory: {
    async make() {
      const store = new MemoryShareLinkStore();
      return { store, another: () => store };
    },
  },
  sqlite: {
    async make() {
      const file = path.join(dir, `links-${Math.random().toString(36).slice(2)}.sqlite`);
      return { store: new SqliteShareLinkStore(file), another: () => new SqliteShareLinkStore(file), file };
    },
  },
};
if (process.env.SALESDASH_TEST_DATABASE_URL) {
  BACKENDS.postgres = {
    async make() {
      await pg!.truncate("salesdash_share_links");
      return {
        store: new PostgresShareLinkStore(pg!.pool),
        another: () => {
          const other = new PostgresShareLinkStore(process.env.SALESDASH_TEST_DATABASE_URL!, { schema: pg!.name, max: 1 });
          closers.push(() => other.close());
          return other;
        },
      };
    },
  };
}

function input(overrides: Partial<NewShareLinkInput> = {}): NewShareLinkInput {
  return { account: OWNER, report: "revenue", query: "?preset=last_7_days&currency=BRL", mode: "fixed", expiry: null, password: null, snapshot: SNAPSHOT, now: NOW, ...overrides };
}

async function create(links: ShareLinks, overrides: Partial<NewShareLinkInput> = {}) {
  const made = await links.createShareLink(input(overrides));
  if (!made.ok) throw new Error(made.message);
  return made;
}

/** A store that counts its lookups. */
function counting(store: ShareLinkStore): { store: ShareLinkStore; lookups: () => number } {
  let lookups = 0;
  const wrapped = new Proxy(store, {
    get(target, name, receiver) {
      if (name === "findByTokenHash") lookups += 1;
      const value = Reflect.get(target, name, receiver) as unknown;
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { store: wrapped, lookups: () => lookups };
}

describe.each(Object.keys(BACKENDS))("share link lookup on %s", (name) => {
  const backend = BACKENDS[name]!;

  it("opens a link by its token, with its snapshot, and stores only the token's hash", async () => {
    const { store, file } = await backend.make();
    const links = shareLinksOn(store);
    const { token, link } = await create(links);
    expect(isWellFormedToken(token)).toBe(true);
    expect(link).toMatchObject({ report: "revenue", query: "preset=last_7_days&currency=BRL", mode: "fixed", status: "active", hasPassword: false, views: 0, expiresAt: NOW.getTime() + 7 * DAY });
    const opened = await links.openShareLink(token, { now: at(1000), countView: false });
    expect(opened).toEqual({ kind: "ok", link, snapshot: SNAPSHOT, unlockCookie: null });
    expect((await store.findByTokenHash(shareTokenHash(token)))?.id).toBe(link.id);
    if (file) {
      const bytes = Buffer.concat([file, `${file}-wal`].filter((f) => fs.existsSync(f)).map((f) => fs.readFileSync(f)));
      expect(bytes.includes(Buffer.from(token))).toBe(false);
      expect(bytes.includes(Buffer.from("Loja Azul"))).toBe(false);
    }
  });

  it("answers an unknown token as not found", async () => {
    const { store } = await backend.make();
    const links = shareLinksOn(store);
    const { token } = await create(links);
    const unknown = `${token.slice(0, 10)}${token[10] === "A" ? "B" : "A"}${token.slice(11)}`;
    expect(isWellFormedToken(unknown)).toBe(true);
    expect(await links.openShareLink(unknown, { now: NOW, countView: true })).toEqual({ kind: "not_found" });
  });

  it("answers a malformed token as not found without asking the store", async () => {
    const { store: inner } = await backend.make();
    const { token } = await create(shareLinksOn(inner));
    const { store, lookups } = counting(inner);
    const links = shareLinksOn(store);
    for (const bad of ["", "short", `${token}x`, token.slice(1), shareTokenHash(token), `${token.slice(0, 42)}=`, "' OR 1=1 --"]) {
      expect(await links.openShareLink(bad, { now: NOW, countView: true })).toEqual({ kind: "not_found" });
    }
    expect(lookups()).toBe(0);
    expect((await links.openShareLink(token, { now: NOW, countView: false })).kind).toBe("ok");
    expect(lookups()).toBe(1);
  });

  it("answers expired from the link's expiry on, with when it expired", async () => {
    const { store } = await backend.make();
    const links = shareLinksOn(store);
    const { token, link } = await create(links, { expiry: { kind: "days", days: 1 } });
    expect((await links.openShareLink(token, { now: at(DAY - 1), countView: false })).kind).toBe("ok");
    expect(await links.openShareLink(token, { now: at(DAY), countView: true })).toEqual({ kind: "expired", at: NOW.getTime() + DAY });
    expect(await links.openShareLink(token, { now: at(40 * DAY), countView: true })).toEqual({ kind: "expired", at: link.expiresAt });
    expect((await links.listShareLinks(OWNER.identity, at(DAY)))[0]).toMatchObject({ id: link.id, status: "expired", views: 0 });
  });

  it("answers revoked at once after its owner revokes it, on every instance", async () => {
    const { store, another } = await backend.make();
    const links = shareLinksOn(store);
    const { token, link } = await create(links);
    expect(await links.revokeShareLink(OWNER.identity, link.id, at(5000))).toBe(true);
    expect(await shareLinksOn(another()).openShareLink(token, { now: at(6000), countView: true })).toEqual({ kind: "revoked", at: NOW.getTime() + 5000 });
    expect((await links.listShareLinks(OWNER.identity, at(6000)))[0]).toMatchObject({ id: link.id, status: "revoked", revokedAt: NOW.getTime() + 5000 });
  });

  it("lets another account neither revoke nor list the link", async () => {
    const { store } = await backend.make();
    const links = shareLinksOn(store);
    const { token, link } = await create(links);
    expect(await links.revokeShareLink(OTHER, link.id, at(1))).toBe(false);
    expect(await links.revokeShareLink(OWNER.identity, "no-such-link-id-000000", at(1))).toBe(false);
    expect(await links.listShareLinks(OTHER, at(1))).toEqual([]);
    expect((await links.openShareLink(token, { now: at(2), countView: false })).kind).toBe("ok");
    expect((await links.listShareLinks(OWNER.identity, at(2))).map((l) => l.id)).toEqual([link.id]);
  });

  it("lists the owner's links newest first, with their status", async () => {
    const { store } = await backend.make();
    const links = shareLinksOn(store);
    const first = await create(links, { now: NOW });
    const second = await create(links, { now: at(1000), report: "orders", mode: "live", password: "a password" });
    const listed = await links.listShareLinks(OWNER.identity, at(2000));
    expect(listed.map((l) => [l.id, l.report, l.mode, l.hasPassword, l.status])).toEqual([
      [second.link.id, "orders", "live", true, "active"],
      [first.link.id, "revenue", "fixed", false, "active"],
    ]);
    expect(JSON.stringify(listed)).not.toMatch(/scrypt|tokenHash|acct-owner/);
  });

  it("counts a view only when asked to, with the time of the last opening", async () => {
    const { store, another } = await backend.make();
    const links = shareLinksOn(store);
    const { token, link } = await create(links);
    await links.openShareLink(token, { now: at(1000), countView: false });
    expect((await links.listShareLinks(OWNER.identity, at(1000)))[0]).toMatchObject({ views: 0, lastOpenedAt: null });
    const opened = await links.openShareLink(token, { now: at(2000), countView: true });
    expect(opened).toMatchObject({ kind: "ok", link: { id: link.id, views: 1, lastOpenedAt: NOW.getTime() + 2000 } });
    await shareLinksOn(another()).openShareLink(token, { now: at(3000), countView: true });
    expect((await links.listShareLinks(OWNER.identity, at(4000)))[0]).toMatchObject({ views: 2, lastOpenedAt: NOW.getTime() + 3000 });
  });

  it("asks for a password link's password, refuses a wrong one and opens with the right one", async () => {
    const { store } = await backend.make();
    const links = shareLinksOn(store);
    const { token, link } = await create(links, { password: "open sesame" });
    expect(link.hasPassword).toBe(true);
    expect(await links.openShareLink(token, { now: NOW, countView: true })).toEqual({ kind: "password_required" });
    expect(await links.openShareLink(token, { now: NOW, password: "", countView: true })).toEqual({ kind: "password_required" });
    expect(await links.openShareLink(token, { now: NOW, password: "open sesamE", countView: true })).toEqual({ kind: "wrong_password", triesLeft: 9 });
    expect(await links.openShareLink(token, { now: NOW, password: "still wrong", countView: true })).toEqual({ kind: "wrong_password", triesLeft: 8 });
    const opened = await links.openShareLink(token, { now: NOW, password: "open sesame", countView: true });
    expect(opened).toMatchObject({ kind: "ok", snapshot: SNAPSHOT, link: { views: 1 }, unlockCookie: { name: shareUnlockCookieName(link.id), expires: link.expiresAt } });
    // The right password started the count again.
    expect(await links.openShareLink(token, { now: NOW, password: "wrong again", countView: true })).toEqual({ kind: "wrong_password", triesLeft: 9 });
    expect((await links.listShareLinks(OWNER.identity, NOW))[0]?.views).toBe(1);
  });

  it("locks a password link for 15 minutes after 10 wrong tries, counted across instances, then opens again", async () => {
    const { store, another } = await backend.make();
    const links = shareLinksOn(store);
    const elsewhere = shareLinksOn(another());
    const { token } = await create(links, { password: "open sesame" });
    for (let i = 1; i <= 9; i += 1) {
      const answer = await (i % 2 ? links : elsewhere).openShareLink(token, { now: at(i), password: `wrong ${i}`, countView: true });
      expect(answer).toEqual({ kind: "wrong_password", triesLeft: 10 - i });
    }
    const until = NOW.getTime() + 10 + SHARE_LOCK_MS;
    expect(await elsewhere.openShareLink(token, { now: at(10), password: "wrong 10", countView: true })).toEqual({ kind: "locked", until });
    // Locked: not even the right password is tried, on any instance, until the lock ends.
    expect(await links.openShareLink(token, { now: at(11), password: "open sesame", countView: true })).toEqual({ kind: "locked", until });
    expect(await shareLinksOn(another()).openShareLink(token, { now: new Date(until - 1), password: "open sesame", countView: true })).toEqual({ kind: "locked", until });
    expect(await links.openShareLink(token, { now: new Date(until - 1), countView: true })).toEqual({ kind: "locked", until });
    expect(await links.openShareLink(token, { now: new Date(until), password: "open sesame", countView: true })).toMatchObject({ kind: "ok", snapshot: SNAPSHOT });
  });

  it("after a lock ends, a wrong password has a full 10 tries again", async () => {
    const { store } = await backend.make();
    const links = shareLinksOn(store);
    const { token } = await create(links, { password: "open sesame" });
    for (let i = 1; i <= 10; i += 1) await links.openShareLink(token, { now: NOW, password: "nope nope", countView: true });
    expect(await links.openShareLink(token, { now: at(SHARE_LOCK_MS), password: "nope nope", countView: true })).toEqual({ kind: "wrong_password", triesLeft: 9 });
  });

  it("opens a password link without the password for the browser that holds its unlock cookie, and only that link", async () => {
    const { store } = await backend.make();
    const links = shareLinksOn(store);
    const first = await create(links, { password: "open sesame" });
    const second = await create(links, { password: "open sesame" });
    const opened = await links.openShareLink(first.token, { now: NOW, password: "open sesame", countView: false });
    if (opened.kind !== "ok" || !opened.unlockCookie) throw new Error("expected the link to open with an unlock cookie");
    const jar = new Map([[opened.unlockCookie.name, { value: opened.unlockCookie.value }]]);
    const cookies = { get: (cookieName: string) => jar.get(cookieName) };
    expect(await links.openShareLink(first.token, { now: NOW, cookies, countView: true })).toMatchObject({ kind: "ok", unlockCookie: null });
    expect(await links.openShareLink(second.token, { now: NOW, cookies, countView: true })).toEqual({ kind: "password_required" });
    // The same value under the second link's name opens nothing either.
    jar.set(shareUnlockCookieName(second.link.id), { value: opened.unlockCookie.value });
    expect(await links.openShareLink(second.token, { now: NOW, cookies, countView: true })).toEqual({ kind: "password_required" });
    // Nor once the link is revoked.
    await links.revokeShareLink(OWNER.identity, first.link.id, at(1));
    expect((await links.openShareLink(first.token, { now: at(2), cookies, countView: true })).kind).toBe("revoked");
  });

  it("names the live links whose snapshot was built before today (UTC), and serves a replaced snapshot", async () => {
    const { store } = await backend.make();
    const links = shareLinksOn(store);
    const live = await create(links, { mode: "live" });
    await create(links, { mode: "fixed" });
    const revoked = await create(links, { mode: "live" });
    await links.revokeShareLink(OWNER.identity, revoked.link.id, NOW);
    await create(links, { mode: "live", expiry: { kind: "days", days: 1 }, now: at(-12 * 60 * 60_000) }); // expires tonight at 00:00
    await create(links, { mode: "live", account: { identity: OTHER } });
    expect(await links.liveLinksToRefresh(OWNER.identity, at(11 * 60 * 60_000))).toEqual([]); // 23:00, same day
    const tomorrow = new Date(Date.UTC(2026, 2, 11, 0, 5));
    expect((await links.liveLinksToRefresh(OWNER.identity, tomorrow)).map((l) => l.id)).toEqual([live.link.id]);
    const fresh = { ...SNAPSHOT, builtAt: tomorrow.getTime(), view: { gross: 999 } };
    expect(await links.replaceSnapshot(live.link.id, fresh, tomorrow)).toBe(true);
    expect(await links.liveLinksToRefresh(OWNER.identity, tomorrow)).toEqual([]);
    expect(await links.openShareLink(live.token, { now: tomorrow, countView: false })).toMatchObject({ kind: "ok", snapshot: fresh, link: { snapshotAt: tomorrow.getTime() } });
  });

  it("forgets every link of an account that forgets its data", async () => {
    const { store } = await backend.make();
    const links = shareLinksOn(store);
    const mine = await create(links);
    const theirs = await create(links, { account: { identity: OTHER } });
    await links.deleteAccountShareLinks(OWNER.identity);
    expect(await links.openShareLink(mine.token, { now: NOW, countView: true })).toEqual({ kind: "not_found" });
    expect(await links.listShareLinks(OWNER.identity, NOW)).toEqual([]);
    expect((await links.openShareLink(theirs.token, { now: NOW, countView: false })).kind).toBe("ok");
  });

  it(`refuses the ${MAX_ACTIVE_SHARE_LINKS + 1}st active link of an account in a sentence; revoked and expired links and other accounts' do not count`, async () => {
    const { store } = await backend.make();
    const links = shareLinksOn(store);
    const expiring = await create(links, { now: at(-DAY), expiry: { kind: "days", days: 1 } });
    const revoked = await create(links, { now: at(-DAY) });
    await links.revokeShareLink(OWNER.identity, revoked.link.id, at(-DAY));
    const made = [];
    for (let i = 0; i < MAX_ACTIVE_SHARE_LINKS - 2; i += 1) made.push(await create(links, { now: at(-DAY + i) }));
    expect(await links.shareLinkRoom(OWNER.identity, at(-2))).toBeNull();
    made.push(await create(links, { now: at(-2) }));
    // Before its expiry the day-long link counts: the account is full.
    const full = { ok: false, code: "share_link_limit", values: { limit: MAX_ACTIVE_SHARE_LINKS }, message: `You have ${MAX_ACTIVE_SHARE_LINKS} active share links, the most an account can have. Turn one off in Shared links, then share again.` };
    expect(await links.createShareLink(input({ now: at(-1) }))).toEqual(full);
    expect(await links.shareLinkRoom(OWNER.identity, at(-1))).toEqual(full);
    // It has expired at `at(0)`: room for one, then full again.
    expect(expiring.link.expiresAt).toBe(NOW.getTime());
    await create(links, { now: at(MAX_ACTIVE_SHARE_LINKS) });
    expect(await links.createShareLink(input({ now: at(MAX_ACTIVE_SHARE_LINKS + 1) }))).toEqual(full);
    expect((await create(links, { account: { identity: OTHER }, now: at(MAX_ACTIVE_SHARE_LINKS + 1) })).link.status).toBe("active");
    await links.revokeShareLink(OWNER.identity, made[0]!.link.id, at(MAX_ACTIVE_SHARE_LINKS + 2));
    expect((await create(links, { now: at(MAX_ACTIVE_SHARE_LINKS + 3) })).link.status).toBe("active");
    const active = (await links.listShareLinks(OWNER.identity, at(MAX_ACTIVE_SHARE_LINKS + 4))).filter((l) => l.status === "active");
    expect(active).toHaveLength(MAX_ACTIVE_SHARE_LINKS);
  });

  it("takes a lower cap when given one, and lets no more through when links are made at once", async () => {
    const { store, another } = await backend.make();
    const links = shareLinksOn(store, { maxActive: 2 });
    await create(links);
    const answers = await Promise.all(Array.from({ length: 4 }, (_, i) => shareLinksOn(i % 2 ? store : another(), { maxActive: 2 }).createShareLink(input({ now: at(i) }))));
    expect(answers.map((a) => a.ok).sort()).toEqual([false, false, false, true]);
    expect(answers.find((a) => !a.ok)).toMatchObject({ code: "share_link_limit", values: { limit: 2 }, message: expect.stringMatching(/^You have 2 active share links/) });
  });

  it("rotates a link: a new token for the same report, range, mode, expiry, password and snapshot; the old token answers revoked at once, on every instance", async () => {
    const { store, another } = await backend.make();
    const links = shareLinksOn(store);
    const old = await create(links, { mode: "live", expiry: { kind: "days", days: 30 }, password: "open sesame", report: "orders", query: "from=2026-03-01&to=2026-03-07" });
    await links.openShareLink(old.token, { now: at(1), password: "open sesame", countView: true });
    const rotated = await links.rotateShareLink(OWNER.identity, old.link.id, at(5000));
    if (!rotated.ok) throw new Error(rotated.message);
    expect(isWellFormedToken(rotated.token)).toBe(true);
    expect(rotated.token).not.toBe(old.token);
    expect(rotated.link).toMatchObject({ report: "orders", query: "from=2026-03-01&to=2026-03-07", mode: "live", hasPassword: true, expiresAt: old.link.expiresAt, snapshotAt: old.link.snapshotAt, status: "active", views: 0, createdAt: NOW.getTime() + 5000 });
    expect(rotated.link.id).not.toBe(old.link.id);
    const elsewhere = shareLinksOn(another());
    expect(await elsewhere.openShareLink(old.token, { now: at(5001), password: "open sesame", countView: true })).toEqual({ kind: "revoked", at: NOW.getTime() + 5000 });
    expect(await elsewhere.openShareLink(rotated.token, { now: at(5001), countView: true })).toEqual({ kind: "password_required" });
    expect(await elsewhere.openShareLink(rotated.token, { now: at(5002), password: "open sesame", countView: true })).toMatchObject({ kind: "ok", snapshot: SNAPSHOT, link: { id: rotated.link.id } });
    expect((await links.listShareLinks(OWNER.identity, at(5003))).map((l) => [l.id, l.status, l.views])).toEqual([[rotated.link.id, "active", 1], [old.link.id, "revoked", 1]]);
    // A live link's daily refresh finds the new one, not the old.
    expect((await links.liveLinksToRefresh(OWNER.identity, at(2 * DAY))).map((l) => l.id)).toEqual([rotated.link.id]);
  });

  it("rotates only the owner's active link", async () => {
    const { store } = await backend.make();
    const links = shareLinksOn(store);
    const mine = await create(links, { expiry: { kind: "days", days: 1 } });
    const notActive = { ok: false, code: "share_link_not_active", message: "That share link is not active any more: only an active link can get a new address." };
    expect(await links.rotateShareLink(OTHER, mine.link.id, at(1))).toEqual(notActive);
    expect(await links.rotateShareLink(OWNER.identity, "no-such-link-id-000000", at(1))).toEqual(notActive);
    expect(await links.rotateShareLink(OWNER.identity, mine.link.id, at(DAY))).toEqual(notActive);
    expect((await links.openShareLink(mine.token, { now: at(2), countView: false })).kind).toBe("ok");
    const revoked = await create(links);
    await links.revokeShareLink(OWNER.identity, revoked.link.id, at(1));
    expect(await links.rotateShareLink(OWNER.identity, revoked.link.id, at(2))).toEqual(notActive);
    expect(await links.listShareLinks(OWNER.identity, at(3))).toHaveLength(2);
  });

  it("says a link sealed under another AUTH_SECRET cannot be shown (not that it is unknown), and does not rotate it", async () => {
    const { store } = await backend.make();
    const links = shareLinksOn(store);
    const { token, link } = await create(links);
    await store.replaceSnapshot(link.id, sealSnapshot(link.id, SNAPSHOT, deriveShareKeys("the secret before it was changed").snapshot), NOW.getTime());
    expect(await links.openShareLink(token, { now: at(1), countView: true })).toEqual({ kind: "unreadable" });
    expect(await links.rotateShareLink(OWNER.identity, link.id, at(2))).toMatchObject({ ok: false, code: "share_link_unreadable" });
    expect((await links.openShareLink(token, { now: at(3), countView: true })).kind).toBe("unreadable");
  });

  it("refuses a password of fewer than 8 characters and an expiry in the past, storing nothing", async () => {
    const { store } = await backend.make();
    const links = shareLinksOn(store);
    expect(await links.createShareLink(input({ password: "short" }))).toMatchObject({ ok: false, code: "invalid_password" });
    expect(await links.createShareLink(input({ expiry: { kind: "date", date: "2026-03-09" } }))).toMatchObject({ ok: false, code: "invalid_expiry" });
    expect(await links.listShareLinks(OWNER.identity, NOW)).toEqual([]);
  });
});

describe("the process's share links (share-links.ts)", () => {
  it("keep one store per process, in share-links.sqlite of the data directory, that another process opens", async () => {
    expect(getShareLinkStore()).toBe(getShareLinkStore());
    const made = await processLinks.createShareLink(input());
    if (!made.ok) throw new Error(made.message);
    const restarted = shareLinksOn(new SqliteShareLinkStore(path.join(dir, "data", "share-links.sqlite")));
    expect(await restarted.openShareLink(made.token, { now: NOW, countView: true })).toMatchObject({ kind: "ok", snapshot: SNAPSHOT });
    expect(await processLinks.revokeShareLink(OTHER, made.link.id, NOW)).toBe(false);
    expect((await processLinks.listShareLinks(OWNER.identity, NOW)).map((l) => [l.id, l.views])).toEqual([[made.link.id, 1]]);
    expect(await processLinks.revokeShareLink(OWNER.identity, made.link.id, NOW)).toBe(true);
    expect(await processLinks.openShareLink(made.token, { now: NOW, countView: true })).toEqual({ kind: "revoked", at: NOW.getTime() });
  });
});
