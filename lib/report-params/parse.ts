// The server's and the client's reading of a report URL: every parameter checked, every
// problem named in words, and the nearest valid report offered instead of a crash.
import { daysBetween, parseIsoDay, shiftDay } from "@/lib/calendar";
import { COMPARE_MODES, DATINGS, FILTER_KEYS, GRANULARITIES, MAX_HOURLY_DAYS, MAX_RANGE_DAYS, PRESETS, type CompareMode, type Dating, type FilterKey, type Granularity, type Preset, type ReportParams } from "./definitions";
import { presetRange } from "./presets";
import { isTimeZone } from "./time-zone";

export type RawSearchParams = Record<string, string | string[] | undefined>;

export interface ParsedReport {
  params: ReportParams;
  /** Empty when the URL was valid; otherwise `params` is the nearest valid report. */
  problems: string[];
}

const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);
const DEFAULT_PRESET: Preset = "last_30_days";
const MAX_FILTER_VALUES = 50;

// The days a report can cover. Every day the report computes from its dates (the API's
// exclusive `to` is the day after the end, a time zone spills a day either way, the comparison
// goes up to two years back) must still be a day written YYYY-MM-DD: the day after 9999-12-31
// is not, and planning windows up to it failed deep inside the client. Nothing is sold before
// 2000 or after 2999 on this platform, so the bounds refuse typing slips, not data.
export const FIRST_REPORT_DAY = "2000-01-01";
export const LAST_REPORT_DAY = "2999-12-31";

export function autoGranularity(days: number): Granularity {
  if (days <= MAX_HOURLY_DAYS) return "hour";
  if (days <= 92) return "day";
  if (days <= 366) return "week";
  return "month";
}

function oneOf<T extends string>(values: readonly T[], raw: string | undefined, name: string, fallback: T, problems: string[]): T {
  if (raw === undefined || raw === "") return fallback;
  if ((values as readonly string[]).includes(raw)) return raw as T;
  problems.push(`"${raw}" is not a valid ${name}; use one of ${values.join(", ")}.`);
  return fallback;
}

const latest = (a: string, b: string) => (a > b ? a : b);
const earliest = (a: string, b: string) => (a < b ? a : b);

function isReportDay(day: string | undefined, which: "start" | "end", problems: string[]): boolean {
  if (day === undefined || parseIsoDay(day) === undefined) {
    problems.push(`The ${which} date "${day ?? ""}" is not a day written YYYY-MM-DD.`);
    return false;
  }
  if (day < FIRST_REPORT_DAY || day > LAST_REPORT_DAY) {
    problems.push(`The ${which} date ${day} is outside the days a report can cover (${FIRST_REPORT_DAY} to ${LAST_REPORT_DAY}).`);
    return false;
  }
  return true;
}

function readRange(raw: RawSearchParams, tz: string, preset: Preset | null, now: Date, problems: string[]): { from: string; to: string } {
  const from = one(raw.from);
  const to = one(raw.to);
  if (from === undefined && to === undefined) return presetRange(preset ?? DEFAULT_PRESET, tz, now);
  const fallback = presetRange(DEFAULT_PRESET, tz, now);
  const fromOk = isReportDay(from, "start", problems);
  const toOk = isReportDay(to, "end", problems);
  if (!fromOk && !toOk) return fallback;
  // Keep whichever end is valid, and build the nearest range around it.
  let start = fromOk ? (from as string) : latest(shiftDay(to as string, -29), FIRST_REPORT_DAY);
  let end = toOk ? (to as string) : earliest(shiftDay(from as string, 29), LAST_REPORT_DAY);
  if (start > end) {
    problems.push(`The range starts (${start}) after it ends (${end}); the two dates are swapped.`);
    [start, end] = [end, start];
  }
  const days = daysBetween(start, end) + 1;
  if (days > MAX_RANGE_DAYS) {
    problems.push(`The range is ${days} days long; a report covers at most ${MAX_RANGE_DAYS} days.`);
    start = latest(shiftDay(end, -(MAX_RANGE_DAYS - 1)), FIRST_REPORT_DAY);
  }
  return { from: start, to: end };
}

function readFilters(raw: RawSearchParams, problems: string[]): Record<FilterKey, string[]> {
  const filters = {} as Record<FilterKey, string[]>;
  for (const key of FILTER_KEYS) {
    const value = raw[key];
    const list = (Array.isArray(value) ? value : value === undefined ? [] : [value]).flatMap((v) => v.split(",")).map((v) => v.trim()).filter(Boolean);
    if (list.length > MAX_FILTER_VALUES) problems.push(`The ${key} filter lists ${list.length} values; at most ${MAX_FILTER_VALUES} are kept.`);
    filters[key] = [...new Set(list)].slice(0, MAX_FILTER_VALUES).map((v) => v.slice(0, 200));
  }
  return filters;
}

export function parseReportParams(raw: RawSearchParams, now: Date = new Date()): ParsedReport {
  const problems: string[] = [];
  const tzRaw = one(raw.tz);
  let tz = "UTC";
  if (tzRaw !== undefined && tzRaw !== "") {
    if (isTimeZone(tzRaw)) tz = tzRaw;
    else problems.push(`"${tzRaw}" is not a known time zone; use an IANA name such as Europe/Berlin or America/Sao_Paulo.`);
  }
  const presetRaw = one(raw.preset);
  const preset = presetRaw ? oneOf<Preset>(PRESETS, presetRaw, "preset", DEFAULT_PRESET, problems) : null;
  const { from, to } = readRange(raw, tz, preset, now, problems);
  const days = daysBetween(from, to) + 1;
  const compare = oneOf<CompareMode>(COMPARE_MODES, one(raw.compare), "comparison", "previous", problems);
  const dating = oneOf<Dating>(DATINGS, one(raw.dating), "dating", "sale", problems);
  let granularity = oneOf<Granularity>(GRANULARITIES, one(raw.granularity), "granularity", autoGranularity(days), problems);
  if (granularity === "hour" && days > MAX_HOURLY_DAYS) {
    problems.push(`Hourly buckets need a range of at most ${MAX_HOURLY_DAYS} days; this one has ${days}.`);
    granularity = autoGranularity(days);
  }
  const currencyRaw = one(raw.currency)?.trim().toLowerCase();
  let currency: string | null = null;
  if (currencyRaw) {
    if (/^[a-z]{3}$/.test(currencyRaw) || currencyRaw === "unknown") currency = currencyRaw;
    else problems.push(`"${currencyRaw}" is not a currency code such as brl, usd or eur.`);
  }
  const filters = readFilters(raw, problems);
  return { params: { from, to, preset, compare, dating, granularity, tz, currency, filters }, problems };
}

/** The URL query of a report, in a stable order, omitting defaults. */
export function reportQuery(params: ReportParams): string {
  const q = new URLSearchParams();
  q.set("from", params.from);
  q.set("to", params.to);
  if (params.preset) q.set("preset", params.preset);
  if (params.compare !== "previous") q.set("compare", params.compare);
  if (params.dating !== "sale") q.set("dating", params.dating);
  if (params.granularity !== autoGranularity(daysBetween(params.from, params.to) + 1)) q.set("granularity", params.granularity);
  if (params.tz !== "UTC") q.set("tz", params.tz);
  if (params.currency) q.set("currency", params.currency);
  for (const key of FILTER_KEYS) if (params.filters[key].length) q.set(key, params.filters[key].join(","));
  return q.toString();
}
