import "server-only";

// The shared report parameters as a zod schema over a URL's query. A report module's request is
// this schema extended by the report's own parameters (reportRequest: the Overview's and the payout
// calendar's `now`), and the generic routes read a request once with its module's schema
// (readReportRequest). The shared fields never fail: each reads as the nearest valid value beside
// its problems (param-fields.ts, the readers the browser's lenient parser uses too), so the
// route can name every problem of the URL at once, the report's own ones after them. Server-only:
// zod stays out of the browser's bundle, which reads a URL with the same readers.
import { z } from "zod";
import { FIELD_READERS, type ParamFields, type ParamText } from "./param-fields";
import { reportFromFields, type ParsedReport } from "./parse";

const text = z.union([z.string(), z.array(z.string())]).optional();

type Readers = typeof FIELD_READERS;
const readings = Object.fromEntries(Object.entries(FIELD_READERS).map(([name, read]) => [name, text.transform(read as (raw: ParamText) => unknown)])) as unknown as {
  [K in keyof Readers]: z.ZodType<ReturnType<Readers[K]>, ParamText>;
};

/** The parameters every report accepts: the range's and granularity's texts, and the other parameters as read. */
export const REPORT_PARAMS = z.object({ from: text, to: text, granularity: text, ...readings });

/** A report's request: the shared report parameters extended by the report's own. */
export const reportRequest = <S extends z.ZodRawShape>(own: S) => REPORT_PARAMS.extend(own);

/** The schema of a request whose own parameters read as `Own`. */
export type ReportRequestSchema<Own extends object = object> = z.ZodType<ParamFields & Own, Record<string, ParamText>>;

/** A request as read: the report and the report's own parameters, or every problem in words. */
export type ReadReportRequest<Own> = { ok: true; report: ParsedReport; asked: Own } | { ok: false; problems: string[] };

const SHARED_NAMES = new Set(Object.keys(REPORT_PARAMS.shape));

/**
 * A URL's query as the schemas read it: a name given twice is a list for a shared parameter (a
 * filter joins its values, the others take the first, as the page's search params do) and its
 * first value for a report's own (as URLSearchParams.get reads it).
 */
function queryValues(query: URLSearchParams): Record<string, ParamText> {
  const values: Record<string, ParamText> = {};
  for (const name of new Set(query.keys())) {
    const all = query.getAll(name);
    values[name] = SHARED_NAMES.has(name) && all.length > 1 ? all : all[0];
  }
  return values;
}

/** The request of a URL's query read with a module's schema; `now` decides what the presets' "today" is. */
export function readReportRequest<Own extends object>(schema: ReportRequestSchema<Own>, query: URLSearchParams, now: Date = new Date()): ReadReportRequest<Own> {
  const values = queryValues(query);
  const parsed = schema.safeParse(values);
  // Only the report's own parameters can fail: the shared ones are then read on their own.
  const fields: ParamFields = parsed.success ? parsed.data : REPORT_PARAMS.parse(values);
  const report = reportFromFields(fields, values, now);
  const problems = [...report.problems, ...(parsed.success ? [] : parsed.error.issues.map((issue) => issue.message))];
  if (!parsed.success || problems.length) return { ok: false, problems };
  const asked = Object.fromEntries(Object.entries(parsed.data).filter(([name]) => !SHARED_NAMES.has(name))) as Own;
  return { ok: true, report, asked };
}
