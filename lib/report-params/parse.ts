// The server's and the client's reading of a report URL: every parameter checked, every
// problem named in words, and the nearest valid report offered instead of a crash.
import { daysBetween, parseIsoDay, shiftDay } from "@/lib/calendar";
import { COMPARE_MODES, DATINGS, FILTER_KEYS, GRANULARITIES, MAX_HOURLY_DAYS, MAX_RANGE_DAYS, PRESETS, type CompareMode, type Dating, type FilterKey, type Granularity, type Preset, type ReportParams } from "./definitions";
import { presetRange } from "./presets";
import { readTableParams } from "./table-columns";
import { isTimeZone } from "./time-zone";
import { paramIssue, paramIssueText, type ParamIssue } from "./param-issues";
import { filterValueProblem, isKnownCurrency, normalFilterValue } from "./value-checks";

export type RawSearchParams = Record<string, string | string[] | undefined>;

export interface ParsedReport {
  params: ReportParams;
  /** Empty when the URL was valid; otherwise `params` is the nearest valid report. */
  issues: ParamIssue[];
  /** The issues in English sentences (API error bodies). */
  problems: string[];
  /** The tables' URL state (sort, direction, page, hidden columns) without its bad values. */
  tableQuery: Array<[string, string]>;
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

function oneOf<T extends string>(values: readonly T[], raw: string | undefined, name: string, fallback: T, problems: ParamIssue[]): T {
  if (raw === undefined || raw === "") return fallback;
  if ((values as readonly string[]).includes(raw)) return raw as T;
  problems.push(paramIssue("notOneOf", { raw, name, values: values.join(", ") }));
  return fallback;
}

const latest = (a: string, b: string) => (a > b ? a : b);
const earliest = (a: string, b: string) => (a < b ? a : b);

function isReportDay(day: string | undefined, which: "start" | "end", problems: ParamIssue[]): boolean {
  if (day === undefined || parseIsoDay(day) === undefined) {
    problems.push(paramIssue("notDay", { which, day: day ?? "" }));
    return false;
  }
  if (day < FIRST_REPORT_DAY || day > LAST_REPORT_DAY) {
    problems.push(paramIssue("outsideDays", { which, day, first: FIRST_REPORT_DAY, last: LAST_REPORT_DAY }));
    return false;
  }
  return true;
}

function readRange(raw: RawSearchParams, tz: string, preset: Preset | null, now: Date, problems: ParamIssue[]): { from: string; to: string } {
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
    problems.push(paramIssue("swapped", { start, end }));
    [start, end] = [end, start];
  }
  const days = daysBetween(start, end) + 1;
  if (days > MAX_RANGE_DAYS) {
    problems.push(paramIssue("tooLong", { days, max: MAX_RANGE_DAYS }));
    start = latest(shiftDay(end, -(MAX_RANGE_DAYS - 1)), FIRST_REPORT_DAY);
  }
  return { from: start, to: end };
}

function readFilters(raw: RawSearchParams, problems: ParamIssue[]): Record<FilterKey, string[]> {
  const filters = {} as Record<FilterKey, string[]>;
  for (const key of FILTER_KEYS) {
    const value = raw[key];
    const written = (Array.isArray(value) ? value : value === undefined ? [] : [value]).flatMap((v) => v.split(",")).map((v) => normalFilterValue(key, v.trim())).filter(Boolean);
    const list = written.filter((v) => {
      const problem = filterValueProblem(key, v);
      if (problem) problems.push(problem);
      return problem === null;
    });
    if (list.length > MAX_FILTER_VALUES) problems.push(paramIssue("tooManyValues", { key, count: list.length, max: MAX_FILTER_VALUES }));
    filters[key] = [...new Set(list)].slice(0, MAX_FILTER_VALUES).map((v) => v.slice(0, 200));
  }
  return filters;
}

export function parseReportParams(raw: RawSearchParams, now: Date = new Date()): ParsedReport {
  const problems: ParamIssue[] = [];
  const tzRaw = one(raw.tz);
  let tz = "UTC";
  if (tzRaw !== undefined && tzRaw !== "") {
    if (isTimeZone(tzRaw)) tz = tzRaw;
    else problems.push(paramIssue("unknownZone", { zone: tzRaw }));
  }
  const presetRaw = one(raw.preset);
  const preset = presetRaw ? oneOf<Preset>(PRESETS, presetRaw, "preset", DEFAULT_PRESET, problems) : null;
  const { from, to } = readRange(raw, tz, preset, now, problems);
  const days = daysBetween(from, to) + 1;
  const compare = oneOf<CompareMode>(COMPARE_MODES, one(raw.compare), "comparison", "previous", problems);
  const dating = oneOf<Dating>(DATINGS, one(raw.dating), "dating", "sale", problems);
  let granularity = oneOf<Granularity>(GRANULARITIES, one(raw.granularity), "granularity", autoGranularity(days), problems);
  if (granularity === "hour" && days > MAX_HOURLY_DAYS) {
    problems.push(paramIssue("hourlyTooLong", { max: MAX_HOURLY_DAYS, days }));
    granularity = autoGranularity(days);
  }
  const currencyTyped = one(raw.currency)?.trim();
  // An unknown currency's group keeps its offer's code as the API writes it ("unknown:SDM-BRL-197").
  const currencyRaw = currencyTyped && /^unknown:/i.test(currencyTyped) ? `unknown:${currencyTyped.slice("unknown:".length)}` : currencyTyped?.toLowerCase();
  let currency: string | null = null;
  if (currencyRaw) {
    if (isKnownCurrency(currencyRaw)) currency = currencyRaw;
    else problems.push(paramIssue("unknownCurrency", { currency: currencyRaw }));
  }
  const filters = readFilters(raw, problems);
  const tableQuery = readTableParams(raw, problems);
  return { params: { from, to, preset, compare, dating, granularity, tz, currency, filters }, issues: problems, problems: problems.map((issue) => paramIssueText(issue)), tableQuery };
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
