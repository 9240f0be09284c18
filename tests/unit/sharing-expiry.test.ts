import { describe, expect, it } from "vitest";
import { shareExpiresAt, shareExpiryChoiceSchema } from "@/lib/sharing/share-expiry";

// When a share link stops opening, from a fixed "now" (never today's date).
const NOW = new Date(Date.UTC(2026, 2, 10, 15, 30)); // 2026-03-10 15:30 UTC
const DAY = 86_400_000;

describe("shareExpiresAt", () => {
  it("adds 1, 7 or 30 days to now; 7 days when nothing was chosen", () => {
    expect(shareExpiresAt({ kind: "days", days: 1 }, NOW)).toEqual({ ok: true, at: NOW.getTime() + DAY });
    expect(shareExpiresAt({ kind: "days", days: 30 }, NOW)).toEqual({ ok: true, at: NOW.getTime() + 30 * DAY });
    expect(shareExpiresAt(null, NOW)).toEqual({ ok: true, at: NOW.getTime() + 7 * DAY });
    expect(shareExpiresAt(undefined, NOW)).toEqual({ ok: true, at: NOW.getTime() + 7 * DAY });
  });

  it("ends a chosen date at the next midnight UTC: the link opens all of that day", () => {
    expect(shareExpiresAt({ kind: "date", date: "2026-03-20" }, NOW)).toEqual({ ok: true, at: Date.UTC(2026, 2, 21) });
    // Today is still a valid choice: it ends tonight.
    expect(shareExpiresAt({ kind: "date", date: "2026-03-10" }, NOW)).toEqual({ ok: true, at: Date.UTC(2026, 2, 11) });
  });

  it("refuses a day that has ended", () => {
    expect(shareExpiresAt({ kind: "date", date: "2026-03-09" }, NOW)).toMatchObject({ ok: false, code: "past" });
    expect(shareExpiresAt({ kind: "date", date: "2026-03-10" }, new Date(Date.UTC(2026, 2, 11)))).toMatchObject({ ok: false, code: "past" });
  });

  it("accepts up to 365 days from now, not a day more", () => {
    expect(shareExpiresAt({ kind: "date", date: "2027-03-09" }, NOW)).toEqual({ ok: true, at: Date.UTC(2027, 2, 10) });
    expect(shareExpiresAt({ kind: "date", date: "2027-03-10" }, NOW)).toMatchObject({ ok: false, code: "too_far" });
  });

  it("refuses what is not a calendar date", () => {
    for (const date of ["2026-02-30", "2026-13-01", "2026-3-20", "20260320", "tomorrow", ""]) {
      expect(shareExpiresAt({ kind: "date", date }, NOW)).toMatchObject({ ok: false, code: "invalid_date" });
    }
  });

  it("refuses a number of days that is not offered", () => {
    expect(shareExpiresAt({ kind: "days", days: 365 } as never, NOW)).toMatchObject({ ok: false });
  });

  it("has one schema for the form and the action", () => {
    expect(shareExpiryChoiceSchema.safeParse({ kind: "days", days: 7 }).success).toBe(true);
    expect(shareExpiryChoiceSchema.safeParse({ kind: "days", days: 2 }).success).toBe(false);
    expect(shareExpiryChoiceSchema.safeParse({ kind: "date", date: "2026-04-01" }).success).toBe(true);
    expect(shareExpiryChoiceSchema.safeParse({ kind: "date", date: "April 1st" }).success).toBe(false);
  });
});
