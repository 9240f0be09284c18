import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Transport, UpstreamRequest, UpstreamResponse } from "@/lib/sales-api/transport";
import { groundTruth } from "../../sandbox/ground-truth";

// The clients of the app (the session's, the sync's) keep the process's purchases fact table
// in step with the process's mirror; a client on a mirror store given by a caller writes no rows
// unless a fact table is given with it.
const NOW = Date.parse("2026-06-15T12:00:00Z");
const DAY = "2026-06-10";
let dir: string;
const saved = { data: process.env.SALESDASH_DATA_DIR, secret: process.env.AUTH_SECRET };

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "salesdash-mirror-access-facts-"));
  process.env.SALESDASH_DATA_DIR = dir;
  process.env.AUTH_SECRET = "server-secret-for-tests-0123456789abcdef";
});
afterAll(() => {
  process.env.SALESDASH_DATA_DIR = saved.data;
  process.env.AUTH_SECRET = saved.secret;
  fs.rmSync(dir, { recursive: true, force: true });
});

function upstream(): Transport {
  const records = groundTruth({ now: NOW }, "creator", "purchases", DAY, "2026-06-11");
  return {
    baseUrl: "https://upstream.invalid",
    async request(request: UpstreamRequest): Promise<UpstreamResponse> {
      const { from, to } = request.query ?? {};
      return { status: 200, ok: true, headers: new Headers() as unknown as UpstreamResponse["headers"], correlationId: null, body: { data: records, meta: { count: records.length, limit: 5000, from, to, truncated: false } } };
    },
  };
}

it("a day of purchases the session's or the sync's client fetches is a day of fact rows; a client on another mirror store writes none", async () => {
  const { createMirroredClient, getMirrorStore, getPurchaseFactStore } = await import("@/lib/mirror/mirror-access");
  const { credentialFrom } = await import("@/lib/sales-api");
  const { SqliteMirrorStore } = await import("@/lib/store/sqlite-mirror-store");
  const clock = () => NOW;
  const client = createMirroredClient({ credential: credentialFrom({ apiKey: "sak_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa" }), target: "production", transport: upstream(), clock });
  const { records } = await client.fetchRange("purchases", { from: DAY, to: DAY });
  expect(records.length).toBeGreaterThan(10);
  expect(await getPurchaseFactStore().readDayMeta(client.identity, [DAY])).toEqual([{ day: DAY, fetchedAt: NOW, count: records.length }]);

  // The sync names the process's mirror store: its days get their rows too.
  const sync = createMirroredClient({ credential: credentialFrom({ apiKey: "sak_cccccccccccccccccccccccccccccccccccccccc" }), target: "production", transport: upstream(), clock, mirror: { store: getMirrorStore(), clock } });
  await sync.fetchRange("purchases", { from: DAY, to: DAY });
  expect(await getPurchaseFactStore().readDayMeta(sync.identity, [DAY])).toHaveLength(1);

  const elsewhere = new SqliteMirrorStore(path.join(dir, "elsewhere.sqlite"));
  try {
    const other = createMirroredClient({ credential: credentialFrom({ apiKey: "sak_bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb" }), target: "production", transport: upstream(), clock, mirror: { store: elsewhere, clock } });
    await other.fetchRange("purchases", { from: DAY, to: DAY });
    expect(await getPurchaseFactStore().readDayMeta(other.identity, [DAY])).toEqual([]);
  } finally {
    await elsewhere.close();
  }
});
