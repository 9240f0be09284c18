// When checkout sessions that ended abandoned were started: a week of local hours. The
// zone's offsets are read once for the span of the carts (zone-offsets), not per cart.
import type { AbandonedCart } from "@/lib/records/abandoned-cart";
import { DAY_MS, HOUR_MS } from "@/lib/calendar";
import { timestampMs } from "@/lib/timestamps";
import { assertTimeZone, ZoneOffsets } from "./zone-offsets";

/** The rows' weekdays, Monday first, as the CSV names them (the page names them in its language). */
export const HEATMAP_WEEKDAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"] as const;

export interface Heatmap {
  timeZone: string;
  /** cells[weekday 0 = Monday][local hour 0..23]: carts whose session started then. */
  cells: number[][];
  /** Carts placed (those with a readable sessionInitializedAt); the sum of every cell. */
  total: number;
  /** The largest cell, for a colour scale. */
  max: number;
}

/**
 * Carts by weekday and local hour of sessionInitializedAt. The hour a fall-back repeats
 * holds the carts of both its passes; the hour a spring-forward skips stays empty.
 */
export function heatmap(carts: readonly Pick<AbandonedCart, "sessionInitializedAt">[], timeZone: string): Heatmap {
  assertTimeZone(timeZone);
  const instants: number[] = [];
  let fromMs = Infinity;
  let toMs = -Infinity;
  for (const cart of carts) {
    const ms = cart.sessionInitializedAt ? timestampMs(cart.sessionInitializedAt) : NaN;
    if (!Number.isFinite(ms)) continue;
    instants.push(ms);
    if (ms < fromMs) fromMs = ms;
    if (ms > toMs) toMs = ms;
  }
  const cells = HEATMAP_WEEKDAYS.map(() => new Array<number>(24).fill(0));
  if (instants.length > 0) {
    const offsets = new ZoneOffsets(timeZone, fromMs, toMs);
    for (const ms of instants) {
      const local = ms + offsets.offsetAt(ms);
      const day = Math.floor(local / DAY_MS);
      // Day 0, 1970-01-01, was a Thursday: index 3 when Monday is 0.
      const weekday = (((day + 3) % 7) + 7) % 7;
      const hour = Math.floor((local - day * DAY_MS) / HOUR_MS);
      cells[weekday]![hour]!++;
    }
  }
  return heatmapOf(timeZone, cells);
}

/** The heatmap of its cells (counted here, or by a fact store: lib/query/cart-panels.ts). */
export function heatmapOf(timeZone: string, cells: number[][]): Heatmap {
  let total = 0;
  let max = 0;
  for (const row of cells) for (const n of row) {
    total += n;
    if (n > max) max = n;
  }
  return { timeZone, cells, total, max };
}
