// UTC day arithmetic on plain numbers: a "day" is the count of days since 1970-01-01 UTC.

export const DAY_MS = 86_400_000;

export function dayOf(ms: number): number {
  return Math.floor(ms / DAY_MS);
}

export function dayToDate(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** Parses a strict YYYY-MM-DD calendar date; undefined when malformed or impossible. */
export function parseDay(text: string): number | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return undefined;
  const ms = Date.parse(`${text}T00:00:00Z`);
  if (Number.isNaN(ms)) return undefined;
  const day = dayOf(ms);
  return dayToDate(day) === text ? day : undefined; // rejects 2026-02-30
}

/** The API's timestamp format: ISO 8601 UTC with second precision. */
export function iso(ms: number): string {
  return new Date(Math.floor(ms / 1000) * 1000).toISOString().replace(".000Z", "Z");
}
