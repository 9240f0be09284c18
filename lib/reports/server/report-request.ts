import "server-only";

// A report's own parameters beside the shared report parameters: each module that has some says
// them in the zod schema of its request, the shared schema extended (lib/report-params/schema.ts,
// reportRequest, which the routes read with readReportRequest); a wrong one is a 400 in its words.
import { z } from "zod";
import { parseOverviewNow } from "@/lib/reports/overview-windows";

/** The browser's current minute (`now=YYYY-MM-DDTHH:MMZ`): its clock decides what "today" is, as the presets do. */
export function browserMinute(message: string) {
  return z.string({ error: message }).transform((raw, context) => parseOverviewNow(raw) ?? (context.addIssue({ code: "custom", message }), z.NEVER));
}
