// Each shared report parameter read on its own from the URL's text: its value, or the nearest
// valid value and the problem in words. A reading never fails, so a page can show the nearest
// valid report; a route refuses a request whose readings hold a problem. The same readers serve
// the lenient parser (parse.ts, also in the browser) and the zod schema the report modules extend
// (lib/report-params/schema.ts), so both read a URL alike.
import { COMPARE_MODES, DATINGS, FILTER_KEYS, PRESETS, type CompareMode, type Dating, type FilterKey, type Preset } from "./definitions";
import { paramIssue, type ParamIssue } from "./param-issues";
import { isTimeZone } from "./time-zone";
import { filterValueProblem, isKnownCurrency, normalFilterValue } from "./value-checks";

/** A parameter's text in the URL: a name given twice is a list. */
export type ParamText = string | string[] | undefined;

/** A parameter as read: its value, or the nearest valid one beside the problems found. */
export interface Reading<T> {
  value: T;
  issues: ParamIssue[];
}

const MAX_FILTER_VALUES = 50;
/** The range of a report whose URL names none. */
export const DEFAULT_PRESET: Preset = "last_30_days";

/** The first value of a name given twice, as URLSearchParams.get reads it. */
export const firstText = (text: ParamText) => (Array.isArray(text) ? text[0] : text);
const valid = <T>(value: T): Reading<T> => ({ value, issues: [] });
const replaced = <T>(value: T, issue: ParamIssue): Reading<T> => ({ value, issues: [issue] });

/**
 * One of a list of words (`name` is how the problem names the parameter): absent or empty is
 * `absent`, another word is `wrong` (an unknown preset is the default range's, named as such).
 */
export function readOneOf<T extends string, F extends T | null>(values: readonly T[], name: string, absent: F, wrong: T | F = absent) {
  return (text: ParamText): Reading<T | F> => {
    const raw = firstText(text);
    if (raw === undefined || raw === "") return valid(absent);
    if ((values as readonly string[]).includes(raw)) return valid(raw as T);
    return replaced(wrong, paramIssue("notOneOf", { raw, name, values: values.join(", ") }));
  };
}

function readZone(text: ParamText): Reading<string> {
  const raw = firstText(text);
  if (raw === undefined || raw === "") return valid("UTC");
  return isTimeZone(raw) ? valid(raw) : replaced("UTC", paramIssue("unknownZone", { zone: raw }));
}

function readCurrency(text: ParamText): Reading<string | null> {
  const typed = firstText(text)?.trim();
  if (!typed) return valid(null);
  // An unknown currency's group keeps its offer's code as the API writes it ("unknown:SDM-BRL-197").
  const code = /^unknown:/i.test(typed) ? `unknown:${typed.slice("unknown:".length)}` : typed.toLowerCase();
  return isKnownCurrency(code) ? valid(code) : replaced(null, paramIssue("unknownCurrency", { currency: code }));
}

/** A filter's values: comma-separated, repeated names joined, de-duplicated, at most 50 of 200 characters. */
function readFilter(key: FilterKey) {
  return (text: ParamText): Reading<string[]> => {
    const issues: ParamIssue[] = [];
    const written = (Array.isArray(text) ? text : text === undefined ? [] : [text]).flatMap((v) => v.split(",")).map((v) => normalFilterValue(key, v.trim())).filter(Boolean);
    const list = written.filter((v) => {
      const problem = filterValueProblem(key, v);
      if (problem) issues.push(problem);
      return problem === null;
    });
    if (list.length > MAX_FILTER_VALUES) issues.push(paramIssue("tooManyValues", { key, count: list.length, max: MAX_FILTER_VALUES }));
    return { value: [...new Set(list)].slice(0, MAX_FILTER_VALUES).map((v) => v.slice(0, 200)), issues };
  };
}

/**
 * The readers of the parameters that stand on their own. The range (`from`, `to`, `preset`) and
 * the granularity depend on one another, on the zone and on the clock: parse.ts reads them.
 */
export const FIELD_READERS = {
  tz: readZone,
  preset: readOneOf<Preset, Preset | null>(PRESETS, "preset", null, DEFAULT_PRESET),
  compare: readOneOf<CompareMode, CompareMode>(COMPARE_MODES, "comparison", "previous"),
  dating: readOneOf<Dating, Dating>(DATINGS, "dating", "sale"),
  currency: readCurrency,
  ...(Object.fromEntries(FILTER_KEYS.map((key) => [key, readFilter(key)])) as Record<FilterKey, (text: ParamText) => Reading<string[]>>),
};

/** Each reader's reading. */
type FieldReadings = { [K in keyof typeof FIELD_READERS]: ReturnType<(typeof FIELD_READERS)[K]> };

/** What the readers make of a URL, beside the texts of the range and the granularity. */
export type ParamFields = FieldReadings & { from?: ParamText; to?: ParamText; granularity?: ParamText };

/** The readings of a URL's query (the lenient parser's; the zod schema reads the same). */
export function readParamFields(raw: Record<string, ParamText>): ParamFields {
  const read = Object.fromEntries(Object.entries(FIELD_READERS).map(([name, reader]) => [name, reader(raw[name])]));
  return { ...(read as FieldReadings), from: raw.from, to: raw.to, granularity: raw.granularity };
}
