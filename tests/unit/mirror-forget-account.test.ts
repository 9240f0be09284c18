import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Transport, UpstreamRequest, UpstreamResponse } from "@/lib/sales-api/transport";
import { groundTruth, type ListResource } from "../../sandbox/ground-truth";

// Forgetting an account deletes its rows from every table of the process's mirror file: the
// mirror's days and each fact table beside them. The tables are read from the file itself, so a
// fact table added later and not forgotten fails here (and one this test does not fill fails the
// check that every table held the account's rows first).
const NOW = Date.parse("2026-06-15T12:00:00Z");
// Ten days: enough for a refund and a chargeback among them.
const FROM = "2026-06-01";
const TO = "2026-06-10";
const RESOURCES: ListResource[] = ["purchases", "orders", "abandoned-carts", "refunds", "chargebacks"];
let dir: string;
const saved = { data: process.env.SALESDASH_DATA_DIR, secret: process.env.AUTH_SECRET };

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "salesdash-forget-account-"));
  process.env.SALESDASH_DATA_DIR = dir;
  process.env.AUTH_SECRET = "server-secret-for-tests-0123456789abcdef";
});
afterAll(() => {
  process.env.SALESDASH_DATA_DIR = saved.data;
  process.env.AUTH_SECRET = saved.secret;
  fs.rmSync(dir, { recursive: true, force: true });
});

function upstream(): Transport {
  return {
    baseUrl: "https://upstream.invalid",
    async request(request: UpstreamRequest): Promise<UpstreamResponse> {
      const { from, to } = request.query ?? {};
      const resource = request.path.split("/").pop() as ListResource;
      const records = groundTruth({ now: NOW }, "creator", resource, String(from), String(to));
      return { status: 200, ok: true, headers: new Headers() as unknown as UpstreamResponse["headers"], correlationId: null, body: { data: records, meta: { count: records.length, limit: 5000, from, to, truncated: false } } };
    },
  };
}

/** Each table of the mirror file that keeps rows by account: how many rows it holds of the account. */
function rowsByTable(account: string): Record<string, number> {
  const db = new Database(path.join(dir, "mirror.sqlite"), { readonly: true });
  try {
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[];
    const counts: Record<string, number> = {};
    for (const { name } of tables) {
      const columns = db.prepare(`SELECT name FROM pragma_table_info(?)`).all(name) as { name: string }[];
      if (!columns.some((column) => column.name === "account")) continue;
      counts[name] = (db.prepare(`SELECT count(*) AS n FROM "${name}" WHERE account = ?`).get(account) as { n: number }).n;
    }
    return counts;
  } finally {
    db.close();
  }
}

it("forgets the account in the mirror and in every fact table, and only that account", async () => {
  const { createMirroredClient, getMirrorStore } = await import("@/lib/mirror/mirror-access");
  const { forgetMirroredAccount } = await import("@/lib/mirror/forget-account");
  const { credentialFrom } = await import("@/lib/sales-api");
  const clock = () => NOW;
  const clientOf = (apiKey: string) => createMirroredClient({ credential: credentialFrom({ apiKey }), target: "production", transport: upstream(), clock });
  const mine = clientOf("sak_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa");
  const theirs = clientOf("sak_bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb");
  for (const client of [mine, theirs]) {
    for (const resource of RESOURCES) await client.fetchRange(resource, { from: FROM, to: TO });
    // The sync's state, as the sync writes it.
    await getMirrorStore().writeSyncState(client.identity, { days: 30, startedAt: NOW, passEndedAt: null, lastError: null, unavailable: [] });
  }

  const before = rowsByTable(mine.identity);
  expect(Object.keys(before).length).toBeGreaterThan(RESOURCES.length);
  for (const [table, count] of Object.entries(before)) expect({ table, held: count > 0 }).toEqual({ table, held: true });

  await forgetMirroredAccount(mine.identity);
  const left = Object.entries(rowsByTable(mine.identity)).filter(([, count]) => count > 0);
  expect(left).toEqual([]);
  expect(rowsByTable(theirs.identity)).toEqual(before);
});
