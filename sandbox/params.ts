// The shared list parameters: from (inclusive), to (exclusive), both YYYY-MM-DD at 00:00 UTC,
// a window of at most 90 days, and limit 1..5000 (default 1000).
import { parseDay } from "./data/time";
import { ApiError } from "./http";

export const MAX_WINDOW_DAYS = 90;
export const DEFAULT_LIMIT = 1000;
export const MAX_LIMIT = 5000;

export interface Window { from: string; to: string; fromDay: number; toDay: number }

function dateParam(query: URLSearchParams, name: "from" | "to"): { text: string; day: number } {
  const text = query.get(name);
  if (text === null || text === "") throw new ApiError(400, "invalid_request", `${name} is required (YYYY-MM-DD)`);
  const day = parseDay(text);
  if (day === undefined) throw new ApiError(400, "invalid_request", `${name} must be a valid date in the format YYYY-MM-DD`);
  return { text, day };
}

export function parseWindow(query: URLSearchParams): Window {
  const from = dateParam(query, "from");
  const to = dateParam(query, "to");
  if (from.day > to.day) throw new ApiError(400, "invalid_request", "from must be before to");
  if (to.day - from.day > MAX_WINDOW_DAYS) {
    throw new ApiError(422, "invalid_request", `The date window must be at most ${MAX_WINDOW_DAYS} days (got ${to.day - from.day})`);
  }
  return { from: from.text, to: to.text, fromDay: from.day, toDay: to.day };
}

export function parseLimit(query: URLSearchParams): number {
  const text = query.get("limit");
  if (text === null) return DEFAULT_LIMIT;
  const limit = /^\d{1,9}$/.test(text) ? Number(text) : Number.NaN;
  if (!(limit >= 1 && limit <= MAX_LIMIT)) {
    throw new ApiError(400, "invalid_request", `limit must be an integer between 1 and ${MAX_LIMIT}`);
  }
  return limit;
}
