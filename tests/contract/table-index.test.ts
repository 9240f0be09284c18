// A report table over HTTPS against the sandbox, through the account's mirror: the next page of
// a sort is served from the sorted index (no upstream request, no day opened, no sort), equal to
// the ground truth; the index is built again when a day of the range is refetched (today going
// stale, "refresh now"); rows are masked, and the reveal answers the range's own rows only.
import path from "node:path";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { parseReportParams } from "@/lib/report-params/parse";
import { getCustomerDetails } from "@/lib/reports/server/customer-details";
import { purchaseRowsPage } from "@/lib/reports/server/purchase-rows";
import { memoOf, purchasesSnapshot } from "@/lib/reports/server/table-sources";
import { MemoryAccountSettingsStore } from "@/lib/store/account-settings-store";
import { getProcessState } from "@/lib/store/process-state";
import { SqliteMirrorStore } from "@/lib/store/sqlite-mirror-store";
import { groundTruth } from "../../sandbox/ground-truth";
import { FIXED_NOW, startSandboxProcess, type RunningSandbox } from "../support/sandbox-process";
import { mirroredClient, NOW_MS, removeTempDataDirs, requestsOf, resetProcessState, SECRET, tempDataDir } from "../support/mirror-sync";
import type { MirroredClient } from "@/lib/mirror/range-reader";

let sb: RunningSandbox;
beforeAll(async () => {
  sb = await startSandboxProcess(["--now", FIXED_NOW, "--rate-limit-per-minute", "100000"]);
  vi.stubEnv("AUTH_SECRET", SECRET);
  getProcessState().settings = new MemoryAccountSettingsStore();
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await sb?.stop();
  removeTempDataDirs();
});

const FROM = "2026-05-20";
const TO = "2026-06-15"; // today at the sandbox: its day is fresh for a minute

it("pages from the index while the days are unchanged, builds again when one is refetched, and reveals only the range's rows", async () => {
  resetProcessState();
  const store = new SqliteMirrorStore(path.join(tempDataDir(), "mirror.sqlite"));
  let now = NOW_MS;
  const client: MirroredClient = mirroredClient(sb, "creator", store, () => now);
  const params = parseReportParams({ from: FROM, to: TO, compare: "none" }, new Date(NOW_MS)).params;
  const page = async (n: number) => {
    const snapshot = await purchasesSnapshot(client, "creator", params);
    const { records, keyType, fallbackCurrency } = snapshot.entry.data;
    return purchaseRowsPage(records, keyType, fallbackCurrency, { page: n, pageSize: 50, sort: "amount", dir: "desc" }, memoOf(snapshot));
  };
  const truth = groundTruth({ now: NOW_MS }, "creator", "purchases", FROM, "2026-06-16");
  const byAmount = [...truth].sort((a, b) => Number(b.amountTransaction) - Number(a.amountTransaction) || Number(b.purchaseId) - Number(a.purchaseId)).map((p) => String(p.purchaseId));
  const tables = getProcessState().tables;

  const first = await page(1);
  expect(first.total).toBe(truth.length);
  expect(first.items.map((r) => r.id)).toEqual(byAmount.slice(0, 50));
  const requests = await requestsOf(sb, "creator");
  const readDays = vi.spyOn(store, "readDays");
  const second = await page(2);
  const third = await page(3);
  expect([...second.items, ...third.items].map((r) => r.id)).toEqual(byAmount.slice(50, 150));
  expect(await requestsOf(sb, "creator")).toBe(requests);
  expect(readDays).not.toHaveBeenCalled();
  expect(tables.sorts).toBe(1);
  expect(tables.builds).toBe(1);
  // Masked: no real e-mail in a page.
  const emails = new Set(truth.map((p) => String(p.customerEmail)));
  expect([...first.items, ...second.items].some((r) => emails.has(r.email))).toBe(false);

  // Two minutes on, today's day is stale: the next page fetches it again and builds a new index.
  now = NOW_MS + 120_000;
  expect((await page(2)).items.map((r) => r.id)).toEqual(byAmount.slice(50, 100));
  expect(await requestsOf(sb, "creator")).toBeGreaterThan(requests);
  expect(tables.builds).toBe(2);
  expect(tables.sorts).toBe(2);

  // "Refresh now" on an older day: its fetchedAt goes to 0, the range is loaded again.
  await store.expire(client.identity, "2026-05-25", "2026-05-25");
  await page(4);
  expect(tables.builds).toBe(3);
  await page(5);
  expect(tables.builds).toBe(3);

  // Revealed: the sandbox's details for the ids asked, and nothing for an id outside the range.
  const outside = groundTruth({ now: NOW_MS }, "creator", "purchases", "2026-05-01", "2026-05-02")[0]!;
  const ids = [...byAmount.slice(0, 3), String(outside.purchaseId)];
  const details = await getCustomerDetails(client, "creator", "purchases", params, ids);
  const byId = new Map(truth.map((p) => [String(p.purchaseId), p]));
  expect(details).toEqual(Object.fromEntries(byAmount.slice(0, 3).map((id) => [id, { customer: String(byId.get(id)!.customerName ?? ""), email: String(byId.get(id)!.customerEmail ?? "") }])));
  readDays.mockRestore();
  await store.close();
});
