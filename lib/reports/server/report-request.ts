import "server-only";

// A report's own parameters beside the shared report parameters (lib/report-params): each module
// that has some says them as a zod schema over the URL's query (report-module.ts, `request`), and
// a wrong one is a 400 in the words of the schema's first issue.
import { z } from "zod";
import { parseOverviewNow } from "@/lib/reports/overview-windows";

/** The module's request read from the URL, or the words of a 400. */
export function readRequest<T>(schema: z.ZodType<T>, query: URLSearchParams): T | string {
  // A name given twice is read as URLSearchParams.get reads it: its first value.
  const values: Record<string, string> = {};
  for (const [name, value] of query) if (!Object.hasOwn(values, name)) values[name] = value;
  const parsed = schema.safeParse(values);
  return parsed.success ? parsed.data : (parsed.error.issues[0]?.message ?? "This report's address has a value that is not valid.");
}

/** The browser's current minute (`now=YYYY-MM-DDTHH:MMZ`): its clock decides what "today" is, as the presets do. */
export function browserMinute(message: string) {
  return z.string({ error: message }).transform((raw, context) => parseOverviewNow(raw) ?? (context.addIssue({ code: "custom", message }), z.NEVER));
}
