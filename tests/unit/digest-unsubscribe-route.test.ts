// The one-click unsubscribe address (RFC 8058): a mail client's POST, urlencoded or multipart,
// unsubscribes and answers 200 with a sentence; the page's own form is sent back to the page;
// a GET changes nothing; a bad token answers 400, the store away 503.
import { NextRequest } from "next/server";
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";
import { deriveDigestKeys, linkToken } from "@/lib/digests/digest-keys";
import { MemoryDigestStore } from "@/lib/store/digest-store";
import { StorageUnavailableError } from "@/lib/store/storage-unavailable";

const SECRET = "digest-route-secret-0123456789abcdef012345";
const held = vi.hoisted(() => ({ store: null as unknown }));
vi.mock("@/lib/store/app-stores", async (importOriginal) => ({ ...(await importOriginal<typeof import("@/lib/store/app-stores")>()), digestStore: () => held.store }));
vi.stubEnv("AUTH_SECRET", SECRET);
afterAll(() => vi.unstubAllEnvs());

const { GET, POST } = await import("@/app/api/digests/unsubscribe/route");
const keys = deriveDigestKeys(SECRET);
const ID = "sub-route-abcdefgh";
let store: MemoryDigestStore;

beforeEach(async () => {
  store = new MemoryDigestStore();
  held.store = store;
  await store.create({ id: ID, account: "acct", sealedAddress: Buffer.from("x"), addressKey: "k", cadence: "weekly", locale: "en", timeZone: "UTC", keyType: "creator", createdAt: 1, confirmedAt: 1 });
});

const url = (token: string) => `https://dash.example/api/digests/unsubscribe?token=${token}`;

describe("POST /api/digests/unsubscribe", () => {
  it("a mail client's one-click POST, urlencoded, unsubscribes and answers 200", async () => {
    const res = await POST(new NextRequest(url(linkToken(keys, "unsubscribe", ID)), { method: "POST", body: "List-Unsubscribe=One-Click", headers: { "content-type": "application/x-www-form-urlencoded" } }));
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("You are unsubscribed: no more of these mails go to this address.");
    expect(await store.get(ID)).toBeNull();
  });

  it("a multipart one-click POST (as RFC 8058 advises) too", async () => {
    const body = new FormData();
    body.set("List-Unsubscribe", "One-Click");
    const res = await POST(new NextRequest(url(linkToken(keys, "unsubscribe", ID)), { method: "POST", body }));
    expect(res.status).toBe(200);
    expect(await store.get(ID)).toBeNull();
  });

  it("the page's form is sent back to the page, with a relative address", async () => {
    const body = new FormData();
    body.set("from", "page");
    const token = linkToken(keys, "unsubscribe", ID);
    const res = await POST(new NextRequest(url(token), { method: "POST", body }));
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`/digests/unsubscribe?token=${encodeURIComponent(token)}&outcome=done`);
    expect(await store.get(ID)).toBeNull();
  });

  it("refuses a token of another purpose (400), and says so when the store is away (503); a GET changes nothing", async () => {
    const oneClick = { method: "POST", body: "List-Unsubscribe=One-Click", headers: { "content-type": "application/x-www-form-urlencoded" } };
    expect((await POST(new NextRequest(url(linkToken(keys, "confirm", ID)), oneClick))).status).toBe(400);
    const get = GET(new NextRequest(url(linkToken(keys, "unsubscribe", ID))));
    expect([get.status, get.headers.get("location")?.startsWith("/digests/unsubscribe?token=")]).toEqual([303, true]);
    expect(await store.get(ID)).not.toBeNull();
    Object.assign(store, { delete: async () => { throw new StorageUnavailableError("postgres", new Error("down")); } });
    const away = await POST(new NextRequest(url(linkToken(keys, "unsubscribe", ID)), oneClick));
    expect(away.status).toBe(503);
  });
});
