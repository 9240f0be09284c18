import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import type { PurchaseFactStore } from "@/lib/store/purchase-fact-store";
import { openWorkerPurchaseFactStore } from "@/lib/store/worker-fact-stores";
import { fillFactStore, purchaseDays } from "./purchase-facts-fixture";

/**
 * A purchases fact store on SQLite, in its worker thread as the app opens it, filled once for the
 * file with the sandbox's creator and affiliate purchases; closed and removed after.
 */
export function filledPurchaseFacts(name: string) {
  const held = { store: null as unknown as PurchaseFactStore };
  let dir: string;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), `salesdash-${name}-`));
    held.store = openWorkerPurchaseFactStore(path.join(dir, "mirror.sqlite"));
    await fillFactStore(held.store, "creator", "creator");
    await fillFactStore(held.store, "affiliate", "affiliate");
  });
  afterAll(async () => {
    await held.store?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  return held;
}

/** The creator's most sold product ("none" for a purchase without one): a filter that keeps many rows. */
export function topProduct(): string {
  const counts = new Map<string, number>();
  for (const p of [...purchaseDays("creator").values()].flat()) counts.set(p.productName || "none", (counts.get(p.productName || "none") ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]![0];
}
