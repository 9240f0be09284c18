// When a share link stops opening. Pure: the caller passes `now`, so tests (and the e2e's
// controllable clock) decide what "today" is.
//
// A date is the last day the link opens, so it expires at the end of that day in UTC (the next
// midnight): links are opened from any time zone, and UTC is the one clock every instance and
// every reader of the list shares.
import { z } from "zod";

export const SHARE_EXPIRY_DAYS = [1, 7, 30] as const;
export const MAX_SHARE_DAYS = 365;
const DAY_MS = 86_400_000;

export const shareExpiryChoiceSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("days"), days: z.literal(SHARE_EXPIRY_DAYS) }),
  z.object({ kind: z.literal("date"), date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: "Enter the date as YYYY-MM-DD." }) }),
]);

export type ShareExpiryChoice = z.infer<typeof shareExpiryChoiceSchema>;

export const DEFAULT_SHARE_EXPIRY: ShareExpiryChoice = { kind: "days", days: 7 };

export type ShareExpiryProblem = "invalid_date" | "past" | "too_far";

export type ShareExpiry = { ok: true; at: number } | { ok: false; code: ShareExpiryProblem; message: string };

const MESSAGES: Record<ShareExpiryProblem, string> = {
  invalid_date: "That is not a date: enter it as YYYY-MM-DD.",
  past: "Choose a date that has not ended yet.",
  too_far: `Choose a date at most ${MAX_SHARE_DAYS} days from today.`,
};

const problem = (code: ShareExpiryProblem): ShareExpiry => ({ ok: false, code, message: MESSAGES[code] });

/** Epoch milliseconds of the end of `date`'s UTC day; null for anything but a real YYYY-MM-DD. */
function endOfUtcDay(date: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const start = new Date(Date.UTC(year, month - 1, day));
  // Date.UTC rolls 2026-02-30 over to March: a date that does not come back unchanged is not one.
  if (start.getUTCFullYear() !== year || start.getUTCMonth() !== month - 1 || start.getUTCDate() !== day) return null;
  return start.getTime() + DAY_MS;
}

/** `choice` null or undefined: the default, 7 days. */
export function shareExpiresAt(chosen: ShareExpiryChoice | null | undefined, now: Date): ShareExpiry {
  const choice = chosen ?? DEFAULT_SHARE_EXPIRY;
  const from = now.getTime();
  if (choice.kind === "days") {
    if (!(SHARE_EXPIRY_DAYS as readonly number[]).includes(choice.days)) return problem("too_far");
    return { ok: true, at: from + choice.days * DAY_MS };
  }
  const at = endOfUtcDay(choice.date);
  if (at === null) return problem("invalid_date");
  if (at <= from) return problem("past");
  if (at - from > MAX_SHARE_DAYS * DAY_MS) return problem("too_far");
  return { ok: true, at };
}
