// UTC offsets of an IANA time zone over a span, read once from the runtime's tz data and
// kept as a short list of constant-offset segments. Asking Intl for every record would cost
// about 3 µs each (3 s per million); a span of two years holds four or five changes.
import { tzOffset } from "@date-fns/tz";
import { DAY_MS } from "@/lib/calendar";

const checked = new Map<string, boolean>();
const FIXED_OFFSET = /^[+-]\d{2}(?::?\d{2})?$/;

/** Throws a RangeError for a name that is neither an IANA zone nor a fixed ±HH:MM offset:
 *  @date-fns/tz answers NaN for those, which would silently drop every record. */
export function assertTimeZone(timeZone: string): void {
  let ok = checked.get(timeZone);
  if (ok === undefined) {
    try {
      new Intl.DateTimeFormat("en-US", { timeZone });
      ok = timeZone !== "";
    } catch {
      ok = FIXED_OFFSET.test(timeZone);
    }
    ok = ok && Number.isFinite(tzOffset(timeZone, new Date(0)));
    checked.set(timeZone, ok);
  }
  if (!ok) throw new RangeError(`unknown time zone: "${timeZone}"`);
}

/** Offset east of UTC, in milliseconds, at an instant. */
export function offsetMsAt(timeZone: string, ms: number): number {
  return Math.round(tzOffset(timeZone, new Date(ms)) * 60_000);
}

// Sampling once a day finds every change as long as a zone changes its offset at most once
// within 24 hours, which holds for every zone in the IANA database since the 1970s; each
// change found is then located to the millisecond by bisection.
const SAMPLE_MS = DAY_MS;

export class ZoneOffsets {
  /** Start of each segment after the first, ascending; segment i runs from starts[i-1]. */
  private readonly starts: number[] = [];
  /** Offset of each segment; offsets[0] holds before starts[0]. */
  private readonly offsets: number[] = [];

  constructor(readonly timeZone: string, readonly fromMs: number, readonly toMs: number) {
    assertTimeZone(timeZone);
    let previousMs = fromMs;
    let previous = offsetMsAt(timeZone, fromMs);
    this.offsets.push(previous);
    for (let ms = fromMs + SAMPLE_MS; previousMs < toMs; ms += SAMPLE_MS) {
      const at = Math.min(ms, toMs);
      const offset = offsetMsAt(timeZone, at);
      if (offset !== previous) {
        this.starts.push(this.firstChange(previousMs, at, previous));
        this.offsets.push(offset);
        previous = offset;
      }
      previousMs = at;
    }
  }

  /** The first instant in (lo, hi] whose offset differs from `before` (it is known to at hi). */
  private firstChange(lo: number, hi: number, before: number): number {
    while (hi - lo > 1) {
      const mid = Math.floor((lo + hi) / 2);
      if (offsetMsAt(this.timeZone, mid) === before) lo = mid;
      else hi = mid;
    }
    return hi;
  }

  private segmentOf(ms: number): number {
    const starts = this.starts;
    let lo = 0;
    let hi = starts.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((starts[mid] as number) <= ms) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Offset east of UTC in ms; outside the span it asks the runtime directly. */
  offsetAt(ms: number): number {
    if (ms < this.fromMs || ms > this.toMs) return offsetMsAt(this.timeZone, ms);
    return this.offsets[this.segmentOf(ms)] as number;
  }

  /** The span as constant-offset segments [from, to, offset], `to` exclusive: a store places instants with them (lib/query/cart-panels.ts). */
  segments(): Array<[number, number, number]> {
    const bounds = [this.fromMs, ...this.starts, this.toMs + 1];
    return this.offsets.map((offset, i) => [bounds[i]!, bounds[i + 1]!, offset]);
  }

  /** The first offset change strictly after ms within the span, or Infinity. */
  nextChangeAfter(ms: number): number {
    return this.starts[this.segmentOf(ms)] ?? Infinity;
  }
}
