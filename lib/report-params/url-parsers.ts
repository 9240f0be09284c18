// nuqs parsers for the report's search params: the client's URL state. What they read is
// checked again by parseReportParams, which says in words what is wrong.
import { parseAsArrayOf, parseAsString, parseAsStringLiteral } from "nuqs/server";
import { COMPARE_MODES, DATINGS, FILTER_KEYS, GRANULARITIES, PRESETS, type FilterKey } from "./definitions";

const filterParsers = Object.fromEntries(FILTER_KEYS.map((key) => [key, parseAsArrayOf(parseAsString).withDefault([])])) as Record<
  FilterKey,
  ReturnType<typeof parseAsArrayOf<string>> extends infer P ? P & { readonly defaultValue: string[] } : never
>;

export const reportUrlParsers = {
  from: parseAsString,
  to: parseAsString,
  preset: parseAsStringLiteral(PRESETS),
  compare: parseAsStringLiteral(COMPARE_MODES),
  dating: parseAsStringLiteral(DATINGS),
  granularity: parseAsStringLiteral(GRANULARITIES),
  tz: parseAsString,
  currency: parseAsString,
  ...filterParsers,
};
