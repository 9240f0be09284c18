import "server-only";

// A report's own parameters beside the shared report parameters: each module that has some says
// them in the zod schema of its request, the shared schema extended (lib/report-params/schema.ts,
// reportRequest), and a wrong one is a 400 in the words of its issues.
import { z } from "zod";
import { readReportRequest, type ReportRequestSchema } from "@/lib/report-params/schema";
import { parseOverviewNow } from "@/lib/reports/overview-windows";

/** The report's own parameters read from the URL with its module's schema, or the words of a 400. */
export function readRequest<Own extends object>(schema: ReportRequestSchema<Own>, query: URLSearchParams): Own | string {
  const read = readReportRequest(schema, query);
  return read.ok ? read.asked : read.problems.join(" ");
}

/** The browser's current minute (`now=YYYY-MM-DDTHH:MMZ`): its clock decides what "today" is, as the presets do. */
export function browserMinute(message: string) {
  return z.string({ error: message }).transform((raw, context) => parseOverviewNow(raw) ?? (context.addIssue({ code: "custom", message }), z.NEVER));
}
