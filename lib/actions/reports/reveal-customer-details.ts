"use server";

// Reveals the customer details of the table rows on screen: the report (its URL query, read as
// the routes read it) and the rows' ids in; each row's personal fields out, from the session's
// account and the report's range and filters only. The rows routes never send them.
import { z } from "zod";
import { actionFailure, sessionAction, type ActionResult } from "@/lib/actions/session-action";
import { parseReportParams } from "@/lib/report-params/parse";
import { TABLE_NAMES } from "@/lib/report-params/table-url-parsers";
import { reportFailure } from "@/lib/reports/server/report-failure";
import { CREATOR_ONLY_TABLES, getCustomerDetails, type CustomerDetails } from "@/lib/reports/server/customer-details";
import { MAX_PAGE_SIZE } from "@/lib/reports/server/table-page";

const inputSchema = z.object({
  table: z.enum(TABLE_NAMES),
  query: z.string().max(8_000),
  ids: z.array(z.string().max(200)).max(MAX_PAGE_SIZE, { error: `At most ${MAX_PAGE_SIZE} rows at a time.` }),
});

const revealCustomerDetails = sessionAction(inputSchema, async ({ table, query, ids }, { account, client }) => {
  if (CREATOR_ONLY_TABLES.has(table) && account.keyType !== "creator") return actionFailure("forbidden", "This report needs a creator key.");
  const { params, problems } = parseReportParams(Object.fromEntries(new URLSearchParams(query)));
  if (problems.length) return actionFailure("invalid_request", problems.join(" "));
  try {
    return { ok: true, data: await getCustomerDetails(client, account.keyType, table, params, ids) };
  } catch (error) {
    // The table's records could not be loaded: the report's failure, logged without a record.
    const { failure } = reportFailure(error, "action:reveal-customer-details");
    return actionFailure(failure.kind, `${failure.title}. ${failure.action}`, failure.correlationId);
  }
});

export async function revealCustomerDetailsAction(input: { table: string; query: string; ids: string[] }): Promise<ActionResult<CustomerDetails>> {
  return revealCustomerDetails(input);
}
