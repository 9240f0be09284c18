import "server-only";

// What a saved view keeps of a report's URL: the report's own parameters, checked by the same
// parsers as the page (lib/report-params), and the hidden columns and sort of the report's own
// tables, and what else its module keeps (report-module.ts, `savedView`). Anything else in the URL (another report's table, a tracking parameter) is left out;
// a value the report would refuse is refused here too, in words. A preset is kept as a preset,
// without its dates, so "Last 7 days" opens on the last seven days of the day it is opened;
// a range typed as two dates stays those dates.
import { FILTER_KEYS } from "@/lib/report-params/definitions";
import { parseReportParams, type RawSearchParams } from "@/lib/report-params/parse";
import { TABLE_COLUMNS } from "@/lib/report-params/table-columns";
import { tableUrlKeys, type TableName } from "@/lib/report-params/table-url-parsers";
import type { ReportId } from "@/lib/reports/report-definitions";
import type { SavedViewSpec } from "@/lib/reports/server/report-module";
import { findReportModule } from "@/lib/reports/server/report-registry";
import { MAX_VIEW_NAME_LENGTH, MAX_VIEW_QUERY_LENGTH } from "./saved-view-limits";

export { MAX_VIEW_NAME_LENGTH, MAX_VIEW_QUERY_LENGTH } from "./saved-view-limits";

const REPORT_KEYS = ["from", "to", "preset", "compare", "dating", "granularity", "tz", "currency", ...FILTER_KEYS];
// Refunds' and chargebacks' columns are named by the fields of their records (not listed in
// TABLE_COLUMNS): a name like a field's is all that can be checked.
const FIELD_NAME = /^[A-Za-z][A-Za-z0-9_]{0,39}$/;

export type SavedViewQuery = { ok: true; query: string } | { ok: false; problems: string[] };

function rawOf(search: URLSearchParams): RawSearchParams {
  const raw: RawSearchParams = {};
  for (const [name, value] of search) {
    const had = raw[name];
    raw[name] = had === undefined ? value : Array.isArray(had) ? [...had, value] : [had, value];
  }
  return raw;
}

/** The table entries of the report's own tables (a page number is left out: it belongs to one day's rows), or their problems. */
function tableEntries(tables: readonly TableName[], tableQuery: Array<[string, string]>, problems: string[]): Array<[string, string]> {
  const kept: Array<[string, string]> = [];
  for (const table of tables) {
    const keys = tableUrlKeys(table);
    const byFieldName = !TABLE_COLUMNS[table];
    for (const [name, value] of tableQuery) {
      if (name !== keys.hide && name !== keys.sort && name !== keys.dir) continue;
      const names = name === keys.hide ? value.split(",").filter(Boolean) : name === keys.sort ? [value] : [];
      const bad = byFieldName ? names.filter((n) => !FIELD_NAME.test(n)) : [];
      if (bad.length) problems.push(`"${bad[0]}" is not a column of the ${table} table (${name}).`);
      else kept.push([name, value]);
    }
  }
  return kept;
}

/** What a view of the report keeps, from its module; null for a report no view can be saved of. */
export function savedViewSpec(report: string): SavedViewSpec | null {
  return findReportModule(report)?.savedView ?? null;
}

/** The query a view of `report` stores, from the URL query the browser shows now. */
export function savedViewQuery(report: ReportId, query: string, now: Date = new Date()): SavedViewQuery {
  const spec = savedViewSpec(report);
  if (!spec) return { ok: false, problems: ["No view of this report can be saved."] };
  if (query.length > MAX_VIEW_QUERY_LENGTH) return { ok: false, problems: ["This report's address is too long to save."] };
  const search = new URLSearchParams(query.startsWith("?") ? query.slice(1) : query);
  const raw = rawOf(search);
  const own: RawSearchParams = Object.fromEntries(Object.entries(raw).filter(([name]) => REPORT_KEYS.includes(name) || name.includes(".")));
  const parsed = parseReportParams(own, now);
  const problems = [...parsed.problems];
  const tables = tableEntries(spec.tables, parsed.tableQuery, problems);
  if (problems.length) return { ok: false, problems };

  const { params } = parsed;
  const kept = new URLSearchParams();
  if (params.preset) kept.set("preset", params.preset);
  else {
    kept.set("from", params.from);
    kept.set("to", params.to);
  }
  if (params.compare !== "previous") kept.set("compare", params.compare);
  // Only a granularity the user chose: the automatic one follows the range (a preset's varies).
  if (raw.granularity !== undefined && raw.granularity !== "") kept.set("granularity", params.granularity);
  kept.set("tz", params.tz);
  if (params.currency) kept.set("currency", params.currency);
  for (const key of FILTER_KEYS) if (params.filters[key].length) kept.set(key, params.filters[key].join(","));
  for (const [name, value] of tables) kept.set(name, value);
  // The report's own parameters (Refunds' dating, the leaderboard's filter), as its module keeps them.
  spec.keep?.(search, params, kept);
  return { ok: true, query: kept.toString() };
}

export type SavedViewName = { ok: true; name: string } | { ok: false; problem: "empty" | "tooLong" };

/** The name as stored: spaces tidied, control characters refused with the rest of the checks. */
export function savedViewName(input: string): SavedViewName {
  const name = input.normalize("NFC").replace(/[\u0000-\u001f\u007f]/g, " ").trim().replace(/\s+/g, " ");
  if (!name) return { ok: false, problem: "empty" };
  if ([...name].length > MAX_VIEW_NAME_LENGTH) return { ok: false, problem: "tooLong" };
  return { ok: true, name };
}
