// The server's and the client's reading of a report URL: every parameter checked, every
// problem named in words, and the nearest valid report offered instead of a crash.
import { daysBetween, parseIsoDay, shiftDay } from "@/lib/calendar";
import { FILTER_KEYS, GRANULARITIES, MAX_HOURLY_DAYS, MAX_RANGE_DAYS, type FilterKey, type Granularity, type Preset, type ReportParams } from "./definitions";
import { DEFAULT_PRESET, firstText, readOneOf, readParamFields, type ParamFields, type ParamText } from "./param-fields";
import { presetRange } from "./presets";
import { readTableParams } from "./table-columns";
import { paramIssue, paramIssueText, type ParamIssue } from "./param-issues";

export type RawSearchParams = Record<string, ParamText>;

export interface ParsedReport {
  params: ReportParams;
  /** Empty when the URL was valid; otherwise `params` is the nearest valid report. */
  issues: ParamIssue[];
  /** The issues in English sentences (API error bodies). */
  problems: string[];
  /** The tables' URL state (sort, direction, page, hidden columns) without its bad values. */
  tableQuery: Array<[string, string]>;
}

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

function readRange(fromText: ParamText, toText: ParamText, tz: string, preset: Preset | null, now: Date, problems: ParamIssue[]): { from: string; to: string } {
  const from = firstText(fromText);
  const to = firstText(toText);
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

/** The granularity asked for, or the one the range's length picks when none or a wrong one is. */
const readGranularity = (text: ParamText, auto: Granularity) => readOneOf<Granularity, Granularity>(GRANULARITIES, "granularity", auto)(text);

/**
 * The report the readings make (param-fields.ts), with every problem in the URL's order: the
 * range around the valid end, the granularity the range allows, and the tables' URL state read
 * from the query (`raw`) without its bad values. `now` decides what the presets' "today" is.
 */
export function reportFromFields(fields: ParamFields, raw: RawSearchParams, now: Date): ParsedReport {
  const problems: ParamIssue[] = [...fields.tz.issues, ...fields.preset.issues];
  const tz = fields.tz.value;
  const { from, to } = readRange(fields.from, fields.to, tz, fields.preset.value, now, problems);
  const days = daysBetween(from, to) + 1;
  problems.push(...fields.compare.issues, ...fields.dating.issues);
  const asked = readGranularity(fields.granularity, autoGranularity(days));
  problems.push(...asked.issues);
  let granularity = asked.value;
  if (granularity === "hour" && days > MAX_HOURLY_DAYS) {
    problems.push(paramIssue("hourlyTooLong", { max: MAX_HOURLY_DAYS, days }));
    granularity = autoGranularity(days);
  }
  problems.push(...fields.currency.issues);
  const filters = {} as Record<FilterKey, string[]>;
  for (const key of FILTER_KEYS) {
    filters[key] = fields[key].value;
    problems.push(...fields[key].issues);
  }
  const tableQuery = readTableParams(raw, problems);
  const params: ReportParams = { from, to, preset: fields.preset.value, compare: fields.compare.value, dating: fields.dating.value, granularity, tz, currency: fields.currency.value, filters };
  return { params, issues: problems, problems: problems.map((issue) => paramIssueText(issue)), tableQuery };
}

/** The server's and the browser's lenient reading of a report URL: the nearest valid report and what was wrong. */
export function parseReportParams(raw: RawSearchParams, now: Date = new Date()): ParsedReport {
  return reportFromFields(readParamFields(raw), raw, now);
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
