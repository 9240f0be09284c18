import path from "node:path";
import { expect, it } from "vitest";
import type { Transport, UpstreamRequest, UpstreamResponse } from "@/lib/sales-api/transport";
import { groundTruth, type ListResource } from "../../sandbox/ground-truth";
import { processDataDir } from "../support/process-data-dir";
import { rowsByAccountTable } from "../support/sqlite-account-rows";

// The clients of the app (the session's, the sync's) keep the process's purchases fact table
// in step with the process's mirror; a client on a mirror store given by a caller writes no rows
// unless a fact table is given with it. Forgetting an account empties every table of that file
// of its rows (the last test).
const NOW = Date.parse("2026-06-15T12:00:00Z");
const DAY = "2026-06-10";
// The forget test reads the mirror's SQLite file itself: the fact tables there (SALESDASH_FACT_ENGINE=sqlite).
const data = processDataDir("mirror-access-facts", { factEngine: "sqlite" });

/** The sandbox's records of the list and range asked. */
function upstream(): Transport {
  return {
    baseUrl: "https://upstream.invalid",
    async request(request: UpstreamRequest): Promise<UpstreamResponse> {
      const { from, to } = request.query ?? {};
      const records = groundTruth({ now: NOW }, "creator", request.path.split("/").pop() as ListResource, String(from), String(to));
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

  const elsewhere = new SqliteMirrorStore(path.join(data.dir, "elsewhere.sqlite"));
  try {
    const other = createMirroredClient({ credential: credentialFrom({ apiKey: "sak_bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb" }), target: "production", transport: upstream(), clock, mirror: { store: elsewhere, clock } });
    await other.fetchRange("purchases", { from: DAY, to: DAY });
    expect(await getPurchaseFactStore().readDayMeta(other.identity, [DAY])).toEqual([]);
  } finally {
    await elsewhere.close();
  }
});

// Forgetting an account deletes its rows from every table of the process's mirror file: the
// mirror's days and each fact table beside them. The tables are read from the file itself, so a
// fact table added later and not forgotten fails here (and one this test does not fill fails the
// check that every table held the account's rows first). Ten days: a refund and a chargeback among them.
const RESOURCES: ListResource[] = ["purchases", "orders", "abandoned-carts", "refunds", "chargebacks"];
const FROM = "2026-06-01";

/** Each table of the mirror file that keeps rows by account: how many rows it holds of the account. */
const rowsByTable = (account: string): Record<string, number> => rowsByAccountTable(path.join(data.dir, "mirror.sqlite"), account);

it("forgets the account in the mirror and in every fact table, and only that account", async () => {
  const { createMirroredClient, getMirrorStore } = await import("@/lib/mirror/mirror-access");
  const { forgetMirroredAccount } = await import("@/lib/mirror/forget-account");
  const { credentialFrom } = await import("@/lib/sales-api");
  const clock = () => NOW;
  const clientOf = (apiKey: string) => createMirroredClient({ credential: credentialFrom({ apiKey }), target: "production", transport: upstream(), clock });
  const mine = clientOf("sak_dddddddddddddddddddddddddddddddddddddddd");
  const theirs = clientOf("sak_eeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee");
  for (const client of [mine, theirs]) {
    for (const resource of RESOURCES) await client.fetchRange(resource, { from: FROM, to: DAY });
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
