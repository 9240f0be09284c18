import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import type { PurchaseFactStore } from "@/lib/store/purchase-fact-store";
import { openWorkerPurchaseFactStore } from "@/lib/store/worker-fact-stores";
import { storeEmptyDaysBefore } from "./affiliate-facts-fixture";
import { filledStore, type StoreBackend } from "./fact-day-store-behaviour";
import { fillFactStore, purchaseDays } from "./purchase-facts-fixture";

/** The sandbox's creator and affiliate purchases, each under its own account. */
async function bothAccounts(store: PurchaseFactStore): Promise<void> {
  await fillFactStore(store, "creator", "creator");
  await fillFactStore(store, "affiliate", "affiliate");
}

/** The creator's purchases, and 400 empty days held before them (the reports' comparison periods reach back). */
export async function creatorAndEmptyPast(store: PurchaseFactStore): Promise<void> {
  await fillFactStore(store, "creator", "creator");
  await storeEmptyDaysBefore(store, "creator", 400);
}

/**
 * A purchases fact store on SQLite, in its worker thread as the app opens it, filled once for the
 * file (by default with the sandbox's creator and affiliate purchases); closed and removed after.
 */
export function filledPurchaseFacts(name: string, fill: (store: PurchaseFactStore) => Promise<void> = bothAccounts) {
  const held = { store: null as unknown as PurchaseFactStore };
  let dir: string;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), `salesdash-${name}-`));
    held.store = openWorkerPurchaseFactStore(path.join(dir, "mirror.sqlite"));
    await fill(held.store);
  }, 120_000); // filling the store takes seconds of CPU: more than the default 10 s on a busy machine
  afterAll(async () => {
    await held.store?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  return held;
}

/**
 * A purchases fact store opened on a back-end under test, filled once for the enclosing describe
 * with the sandbox's creator and affiliate purchases; closed after. The shared suites
 * (purchase-fact-store-behaviour.ts, purchase-table-page-behaviour.ts) run on it.
 */
export function filledBackendPurchaseFacts(backend: StoreBackend<PurchaseFactStore>) {
  return filledStore(backend, bothAccounts);
}

/** The creator's most sold product ("none" for a purchase without one): a filter that keeps many rows. */
export function topProduct(): string {
  const counts = new Map<string, number>();
  for (const p of [...purchaseDays("creator").values()].flat()) counts.set(p.productName || "none", (counts.get(p.productName || "none") ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]![0];
}
