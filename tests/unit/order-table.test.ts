import { describe, expect, it } from "vitest";
import { KEPT_TABLES, OrderTable } from "@/lib/analytics/order-table";

// The distinct orders' tables are reused between calls (each new one is memory outside the JS
// heap, which V8 answers with full collections): merges in slices hold theirs at the same time,
// and each finds a kept table when it is given back, cleared.
describe("OrderTable's kept tables", () => {
  it("keeps as many as were in use at once, up to KEPT_TABLES, and lends them back cleared", () => {
    expect(KEPT_TABLES).toBeGreaterThanOrEqual(2);
    const held = Array.from({ length: KEPT_TABLES }, () => OrderTable.borrow(5_000));
    expect(new Set(held).size).toBe(KEPT_TABLES);
    held.forEach((table, i) => table.mark(0, i + 1, 1));
    for (const table of held) table.release();
    const again = Array.from({ length: KEPT_TABLES }, () => OrderTable.borrow(5_000));
    expect(new Set(again)).toEqual(new Set(held));
    for (const table of again) {
      let orders = 0;
      table.forEach(() => orders++);
      expect(orders).toBe(0);
      table.release();
    }
    // One much smaller call does not take a table sixteen times its size.
    const small = OrderTable.borrow(10);
    expect(held).not.toContain(small);
    small.release();
  });
});
