// The vocabulary of a report's URL: every key, its allowed values and its default. One
// definition serves the server's validation, the client's URL state and the CSV routes.

export const PRESETS = ["today", "yesterday", "last_7_days", "last_30_days", "last_90_days", "this_month", "last_month", "this_quarter", "last_12_months", "year_to_date", "last_two_years"] as const;
export type Preset = (typeof PRESETS)[number];

export const COMPARE_MODES = ["none", "previous", "last_year"] as const;
export type CompareMode = (typeof COMPARE_MODES)[number];

/** Refunds and chargebacks dated by the original sale, or by their own request date. */
export const DATINGS = ["sale", "event"] as const;
export type Dating = (typeof DATINGS)[number];

export const GRANULARITIES = ["hour", "day", "week", "month"] as const;
export type Granularity = (typeof GRANULARITIES)[number];

/** Multi-valued filters: each accepts a list of values; an empty list means "all". */
export const FILTER_KEYS = ["product", "offer", "type", "method", "psp", "brand", "country", "affiliate"] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];

/** Hourly buckets only up to two days: beyond that a chart would hold thousands of points. */
export const MAX_HOURLY_DAYS = 2;
/** The upstream keeps two years; a little more lets a year-over-year comparison reach back. */
export const MAX_RANGE_DAYS = 731;

export interface ReportParams {
  from: string;
  to: string;
  preset: Preset | null;
  compare: CompareMode;
  dating: Dating;
  granularity: Granularity;
  tz: string;
  currency: string | null;
  filters: Record<FilterKey, string[]>;
}
