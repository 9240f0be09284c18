// A CSV's instants written in a zone without asking Intl for every cell (issue #25: a
// formatToParts per date cell was a fifth of the purchases CSV's time). The zone's offset is
// read from Intl once per UTC day a file touches, at five points of the day, and a change
// between two of them is located to the millisecond by bisection, as zone-offsets.ts does for
// the reports; each cell is then integer arithmetic on the instant plus that offset. The text is
// the Intl path's (zoned-time.ts `intlTimestamp`), byte for byte: the offset's suffix is
// Intl's own, and any instant this path cannot vouch for is handed back to Intl.
import { DAY_MS, formatDay } from "@/lib/calendar";

/** An offset as Intl names it ("GMT-03:00") read into milliseconds and the suffix the cell ends with. */
interface Offset {
  readonly ms: number;
  readonly suffix: string;
}

/** One UTC day: `before` until `change` (Infinity when none), `after` from it; null when Intl must write the day. */
interface DayOffsets {
  readonly change: number;
  readonly before: Offset;
  readonly after: Offset;
}

// Samples every six hours: no zone in the IANA database changes its offset and back within six
// hours, so a day whose samples agree has one offset, and a day with more than one change
// between samples (none known) is written by Intl rather than guessed.
const SAMPLES = 4;
const SAMPLE_MS = DAY_MS / SAMPLES;
// Local years 1000-9999 are written with four digits by both paths; outside them (and for
// fractional or out-of-range milliseconds) Intl writes the cell as it always did.
const FAST_FROM = Date.UTC(1000, 0, 2);
const FAST_TO = Date.UTC(9999, 11, 30);
// Days and local dates remembered per zone; a file walks its range once, so the maps are
// cleared when full rather than kept in order: memory stays bounded whatever the range.
const MAX_REMEMBERED = 4096;
const GMT_OFFSET = /^GMT(?:([+-])(\d{2}):(\d{2})(?::(\d{2}))?)?$/;
const TWO = Array.from({ length: 60 }, (_, n) => String(n).padStart(2, "0"));
const THREE = Array.from({ length: 1000 }, (_, n) => `.${String(n).padStart(3, "0")}`);

/** The offset suffix of a cell, as the Intl path writes it: "GMT-03:00" -> "-03:00", "GMT" and "GMT+00:00" -> "Z". */
export function offsetSuffix(timeZoneName: string): string {
  return timeZoneName.replace("GMT", "").replace(/^(\+00:00)?$/, "Z");
}

export class ZonedTimestamps {
  private readonly days = new Map<number, DayOffsets | null>();
  private readonly dates = new Map<number, string>();

  /**
   * `format` is the zone's Intl formatter (timeZoneName "longOffset"), the one the Intl path
   * uses; `intl` writes a cell the way this class cannot vouch for.
   */
  constructor(
    private readonly format: Intl.DateTimeFormat,
    private readonly intl: (ms: number) => string,
  ) {}

  /** The cell of an instant in epoch milliseconds. */
  write(ms: number): string {
    if (!(ms >= FAST_FROM && ms < FAST_TO) || !Number.isInteger(ms)) return this.intl(ms);
    const utcDay = Math.floor(ms / DAY_MS);
    let day = this.days.get(utcDay);
    if (day === undefined) day = this.remember(this.days, utcDay, this.read(utcDay * DAY_MS));
    if (day === null) return this.intl(ms);
    const offset = ms < day.change ? day.before : day.after;
    const local = ms + offset.ms;
    const localDay = Math.floor(local / DAY_MS);
    const date = this.dates.get(localDay) ?? this.remember(this.dates, localDay, `${formatDay(localDay)}T`);
    let rest = local - localDay * DAY_MS;
    const millis = rest % 1000;
    rest = (rest - millis) / 1000;
    const second = rest % 60;
    rest = (rest - second) / 60;
    const minute = rest % 60;
    const hour = (rest - minute) / 60;
    return `${date}${TWO[hour]}:${TWO[minute]}:${TWO[second]}${millis === 0 ? "" : THREE[millis]}${offset.suffix}`;
  }

  private remember<V>(map: Map<number, V>, key: number, value: V): V {
    if (map.size >= MAX_REMEMBERED) map.clear();
    map.set(key, value);
    return value;
  }

  /** The offsets of the UTC day starting at `start`, or null when Intl must write it. */
  private read(start: number): DayOffsets | null {
    const samples: (Offset | null)[] = [];
    for (let i = 0; i <= SAMPLES; i++) samples.push(this.offsetAt(start + i * SAMPLE_MS));
    if (samples.some((s) => s === null)) return null;
    const offsets = samples as Offset[];
    const changed = [];
    for (let i = 0; i < SAMPLES; i++) if (offsets[i]!.suffix !== offsets[i + 1]!.suffix) changed.push(i);
    const before = offsets[0]!;
    if (changed.length === 0) return { change: Infinity, before, after: before };
    if (changed.length > 1) return null;
    const i = changed[0]!;
    const after = offsets[i + 1]!;
    let lo = start + i * SAMPLE_MS;
    let hi = lo + SAMPLE_MS;
    while (hi - lo > 1) {
      const mid = Math.floor((lo + hi) / 2);
      if (this.offsetAt(mid)?.suffix === before.suffix) lo = mid;
      else hi = mid;
    }
    // Two changes within one six-hour sample (none known): the one found would not be `after`.
    return this.offsetAt(hi)?.suffix === after.suffix ? { change: hi, before, after } : null;
  }

  /** Intl's offset at an instant; null when its name is not "GMT±HH:MM[:SS]". */
  private offsetAt(ms: number): Offset | null {
    const name = this.format.formatToParts(ms).find((p) => p.type === "timeZoneName")?.value ?? "";
    const match = GMT_OFFSET.exec(name);
    if (!match) return null;
    const [, sign, hours = "0", minutes = "0", seconds = "0"] = match;
    const size = (Number(hours) * 3600 + Number(minutes) * 60 + Number(seconds)) * 1000;
    return { ms: sign === "-" ? -size : size, suffix: offsetSuffix(name) };
  }
}
