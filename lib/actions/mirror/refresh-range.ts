"use server";

// "Refresh now" on a report: marks the report's days (every resource, the UTC days its fetches
// covered, current and comparison period) stale in the signed-in account's mirror, so the
// report's next load asks the Sales API for them again. The account is the session's.
import { z } from "zod";
import { actionFailure, sessionAction, type ActionResult } from "@/lib/actions/session-action";
import { getMirrorStore } from "@/lib/mirror/mirror-access";
import { daysBetween, parseIsoDay } from "@/lib/calendar";

// A report covers at most two years and its comparison, plus the spill of a time zone and a
// refund report's look-ahead: a few spans, never more days than this.
const MAX_SPANS = 8;
const MAX_DAYS = 2 * 800;

const isoDay = z.string().refine((v) => parseIsoDay(v) !== undefined, { error: "A day must be written YYYY-MM-DD." });
const span = z.object({ from: isoDay, to: isoDay }).refine((s) => s.from <= s.to, { error: "A range must start before it ends." });

const inputSchema = z.object({
  spans: z
    .array(span)
    .min(1, { error: "There is no range to refresh." })
    .max(MAX_SPANS, { error: "Too many ranges to refresh at once." })
    .refine((spans) => spans.reduce((sum, s) => sum + daysBetween(s.from, s.to) + 1, 0) <= MAX_DAYS, { error: "That range is longer than a report can cover." }),
});

export type RefreshRangeInput = z.infer<typeof inputSchema>;

const refreshRange = sessionAction(inputSchema, async ({ spans }, { client }) => {
  const store = getMirrorStore();
  let expired = 0;
  try {
    for (const s of spans) expired += await store.expire(client.identity, s.from, s.to);
  } catch {
    return actionFailure("storage_unavailable", "The stored copy could not be marked for refreshing. Try again in a moment.");
  }
  return { ok: true, data: { expired } };
});

export async function refreshRangeAction(input: RefreshRangeInput): Promise<ActionResult<{ expired: number }>> {
  return refreshRange(input);
}
