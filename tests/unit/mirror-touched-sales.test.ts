// Issue 24, point 5: a refund or chargeback written to the mirror marks the older copies of its
// sale's days stale (purchases and orders only, once), so the sale's figures follow within the
// next sync pass or report.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { EVENT_MARGIN_MS, expireTouchedSaleDays, saleDaysOf, touchedSales } from "@/lib/mirror/touched-sales";
import { SqliteMirrorStore } from "@/lib/store/sqlite-mirror-store";
import { mirrorDay } from "../support/mirror-store-behaviour";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "salesdash-touched-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const at = (iso: string) => Date.parse(iso);
const refund = (purchaseCreatedAt: string, requestedAt: string, processedAt: string | null = null) => ({ refundId: "r", purchaseId: 1, purchaseCreatedAt, requestedAt, processedAt });

describe("touchedSales / saleDaysOf", () => {
  it("reads the sale's purchase day and the event's latest time; a record naming no sale date is left out", () => {
    expect(touchedSales([refund("2026-03-04T10:00:00Z", "2026-06-01T09:00:00Z", "2026-06-03T09:00:00Z"), { refundId: "x", requestedAt: "2026-06-01T09:00:00Z" }, null])).toEqual([
      { purchaseDay: "2026-03-04", eventAt: at("2026-06-03T09:00:00Z") },
    ]);
  });

  it("gives the purchase's day and the three before it (a recovered cart's checkout began up to three days earlier), with the latest event of each", () => {
    const days = saleDaysOf([{ purchaseDay: "2026-03-04", eventAt: 10 }, { purchaseDay: "2026-03-02", eventAt: 20 }]);
    expect([...days].sort()).toEqual([["2026-02-27", 20], ["2026-02-28", 20], ["2026-03-01", 20], ["2026-03-02", 20], ["2026-03-03", 10], ["2026-03-04", 10]]);
  });
});

describe("expireTouchedSaleDays", () => {
  it("marks stale the purchases and orders days read before the event (within the margin), not those read after, nor other resources", async () => {
    const store = new SqliteMirrorStore(path.join(dir, "mirror.sqlite"));
    const event = at("2026-06-15T12:00:00Z");
    for (const resource of ["purchases", "orders", "abandoned-carts"]) {
      await store.writeDay("acct", mirrorDay(resource, "2026-03-03", { fetchedAt: event - 3_600_000 })); // read before the refund
      await store.writeDay("acct", mirrorDay(resource, "2026-03-04", { fetchedAt: event + EVENT_MARGIN_MS })); // read just after it: may predate it
      await store.writeDay("acct", mirrorDay(resource, "2026-03-02", { fetchedAt: event + EVENT_MARGIN_MS + 1 })); // read after it
      await store.writeDay("acct", mirrorDay(resource, "2026-02-20", { fetchedAt: event - 3_600_000 })); // not a day of the sale
    }
    await store.writeDay("other", mirrorDay("purchases", "2026-03-03", { fetchedAt: event - 3_600_000 }));
    const marked = await expireTouchedSaleDays(store, "acct", [refund("2026-03-04T10:00:00Z", "2026-06-15T12:00:00Z")]);
    expect(marked.map((m) => `${m.resource} ${m.day}`).sort()).toEqual(["orders 2026-03-03", "orders 2026-03-04", "purchases 2026-03-03", "purchases 2026-03-04"]);
    const stale = (await store.listDays("acct")).filter((m) => m.fetchedAt === 0).map((m) => `${m.resource} ${m.day}`);
    expect(stale.sort()).toEqual(["orders 2026-03-03", "orders 2026-03-04", "purchases 2026-03-03", "purchases 2026-03-04"]);
    expect((await store.listDays("other"))[0]?.fetchedAt).toBe(event - 3_600_000);
    // Once stale, the days are not marked again: they wait for their next fetch.
    expect(await expireTouchedSaleDays(store, "acct", [refund("2026-03-04T10:00:00Z", "2026-06-15T12:00:00Z")])).toEqual([]);
    await store.close();
  });
});
