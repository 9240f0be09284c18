import path from "node:path";
import { gunzipSync, inflateRawSync, inflateSync } from "node:zlib";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resourcesFor } from "@/lib/mirror/account-sync";
import { deriveMirrorKey, openDay } from "@/lib/mirror/mirror-cipher";
import { credentialFrom } from "@/lib/sales-api";
import { SqliteMirrorStore } from "@/lib/store/sqlite-mirror-store";
import { startSandboxProcess, FIXED_NOW, type RunningSandbox } from "../support/sandbox-process";
import {
  again,
  bytesOfDir,
  credentialOf,
  expectMirrorEqualsTruth,
  findNeedles,
  firstDay,
  refetchedDays,
  removeTempDataDirs,
  requestsOf,
  SECRET,
  servedWindows,
  statsOf,
  startSync,
  stopAccountSync,
  tempDataDir,
  TODAY,
  truth,
  waitForPassEnd,
  type AccountName,
  type ServedWindow,
} from "../support/mirror-sync";

// A sync fills the mirror with exactly the sandbox's records, day by day, each asked for
// once; a report over the synced days then costs 0 upstream requests; the files hold no
// customer value in clear. The sandbox's limit is raised: the budget has its own test.
const DAYS = 120;

let sb: RunningSandbox;
beforeAll(async () => void (sb = await startSandboxProcess(["--now", FIXED_NOW, "--rate-limit-per-minute", "100000"])));
afterAll(async () => {
  await sb?.stop();
  removeTempDataDirs();
});

async function syncAll(who: AccountName) {
  const dir = tempDataDir();
  const store = new SqliteMirrorStore(path.join(dir, "mirror.sqlite"));
  const account = startSync(sb, who, store, { days: DAYS });
  const status = await waitForPassEnd(account, sb.creds[who].keyType, store, DAYS);
  await stopAccountSync(account);
  return { dir, store, account, status };
}

/** What a plaintext copy of these records would show of their customers. */
function customerValues(records: readonly unknown[]): string[] {
  const fields = ["customerName", "customerEmail", "customerPhone", "billingAddress1", "billingAddress2", "shippingAddress1", "shippingAddress2"];
  const values: string[] = [];
  for (const record of records as Array<Record<string, unknown>>) {
    for (const field of fields) if (typeof record[field] === "string" && record[field] !== "") values.push(record[field]);
    // Four digits alone occur by chance in megabytes of ciphertext; as a JSON string (the
    // form a plaintext payload would hold) they do not.
    if (typeof record.cardLast4 === "string") values.push(`"${record.cardLast4}"`);
  }
  return values;
}

// One sync of the creator, looked at from several sides.
describe("a creator's sync", () => {
  let synced: Awaited<ReturnType<typeof syncAll>>;
  let windows: ServedWindow[];
  beforeAll(async () => {
    synced = await syncAll("creator");
    windows = await servedWindows(sb, "creator");
  });
  afterAll(async () => {
    await synced?.store.close().catch(() => undefined);
    await again(() => sb.reset());
  });

  it(`fills the last ${DAYS} days of every resource with exactly the ground truth, each day asked for once`, async () => {
    const { store, account, status } = synced;
    expect(status).toMatchObject({ synced: DAYS, total: DAYS, lastError: null });
    const resources = resourcesFor("creator");
    expect(resources).toEqual(["purchases", "orders", "abandoned-carts", "refunds", "chargebacks"]);

    expect(windows.length).toBeGreaterThanOrEqual(resources.length * 2);
    expect(windows.every((w) => w.status === 200)).toBe(true);
    expect(refetchedDays("creator", windows)).toEqual([]);
    // Nothing outside the synced days was asked for or stored.
    expect(windows.every((w) => w.from >= firstDay(DAYS) && w.to <= "2026-06-16")).toBe(true);
    for (const resource of resources) {
      const held = await store.listDays(account, resource);
      expect(held.map((m) => m.day), resource).toHaveLength(DAYS);
      expect(held[0]?.day).toBe(firstDay(DAYS));
      expect(held.at(-1)?.day).toBe(TODAY);
      expect(held.every((m) => m.complete && m.fetchedAt === Date.parse(FIXED_NOW))).toBe(true);
      expect(held.reduce((sum, m) => sum + m.count, 0), resource).toBe(truth("creator", resource, firstDay(DAYS), TODAY).length);
    }

    await expectMirrorEqualsTruth(sb, "creator", store, firstDay(DAYS), TODAY);
  });

  it("leaves no customer name, e-mail, phone, address or card digits readable in any file of the data dir", async () => {
    const { dir, store } = synced;
    const records = ["purchases", "orders", "abandoned-carts"].flatMap((resource) => truth("creator", resource as "purchases", firstDay(DAYS), TODAY));
    const needles = customerValues(records);
    expect(new Set(needles).size).toBeGreaterThan(1000);
    // The search finds them where they are in clear.
    expect(findNeedles(Buffer.from(JSON.stringify(records.slice(0, 50))), needles).length).toBeGreaterThan(50);

    // While the store is open: the database, its -wal and its -shm.
    expect(findNeedles(bytesOfDir(dir), needles)).toEqual([]);
    await store.close();
    // Closed (the WAL checkpointed into the database).
    expect(findNeedles(bytesOfDir(dir), needles)).toEqual([]);
  });

  it("seals each day so that only the server secret AND the account's credential open it: not merely compressed", async () => {
    const { dir, account } = synced;
    const db = new Database(path.join(dir, "mirror.sqlite"), { readonly: true });
    const rows = db.prepare("SELECT account, resource, day, sealed FROM days WHERE resource = 'purchases' ORDER BY day DESC LIMIT 20").all() as Array<{ account: string; resource: string; day: string; sealed: Buffer }>;
    db.close();
    expect(rows).toHaveLength(20);
    const key = deriveMirrorKey(SECRET, credentialOf(sb, "creator"));
    const withoutCredential = deriveMirrorKey(SECRET, credentialFrom({ apiKey: sb.creds.creator2.apiKey }));
    const withoutSecret = deriveMirrorKey("another-server-secret-0123456789abcdefghij", credentialOf(sb, "creator"));
    for (const row of rows) {
      expect(row.account).toBe(account);
      const aad = `${row.account}|${row.resource}|${row.day}`;
      expect((openDay(key, aad, row.sealed) as { records: unknown[] }).records).toEqual(truth("creator", "purchases", row.day, row.day));
      expect(() => openDay(withoutCredential, aad, row.sealed)).toThrow();
      expect(() => openDay(withoutSecret, aad, row.sealed)).toThrow();
      // No decompression of the stored bytes, at any offset a header could take, gives the records back.
      for (const offset of [0, 12, 16, 28]) {
        for (const inflate of [inflateRawSync, inflateSync, gunzipSync]) {
          let plain = "";
          try {
            plain = inflate(row.sealed.subarray(offset)).toString("latin1");
          } catch {
            // Not a compressed stream: as expected.
          }
          expect(plain).not.toContain("purchaseId");
        }
      }
    }
  });
});

describe("an affiliate's sync", () => {
  afterAll(async () => again(() => sb.reset()));

  it("syncs only what an affiliate key may read, without a single 403, and exactly the ground truth", async () => {
    const { store, account, status } = await syncAll("affiliate");
    expect(status).toMatchObject({ synced: DAYS, total: DAYS, lastError: null });
    expect(resourcesFor("affiliate")).toEqual(["purchases", "refunds", "chargebacks"]);

    const stats = (await statsOf(sb)).affiliate;
    expect(stats?.requests).toBeGreaterThan(0);
    expect(Object.keys(stats?.byStatus ?? {})).toEqual(["200"]);
    expect(new Set((await servedWindows(sb, "affiliate")).map((w) => w.resource))).toEqual(new Set(["purchases", "refunds", "chargebacks"]));
    expect(refetchedDays("affiliate", await servedWindows(sb, "affiliate"))).toEqual([]);
    expect(new Set((await store.listDays(account)).map((m) => m.resource))).toEqual(new Set(["purchases", "refunds", "chargebacks"]));
    expect((await store.readSyncState(account))?.unavailable).toEqual([]);

    await expectMirrorEqualsTruth(sb, "affiliate", store, firstDay(DAYS), TODAY);
    expect(await requestsOf(sb, "creator")).toBe(0);
    await store.close();
  });
});
