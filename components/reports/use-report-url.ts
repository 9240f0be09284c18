"use client";

import { useQueryStates } from "nuqs";
import { parseReportParams, type RawSearchParams } from "@/lib/report-params/parse";
import { reportUrlParsers } from "@/lib/report-params/url-parsers";

/**
 * The report's parameters as the controls last wrote them. Read through nuqs, not Next's
 * useSearchParams: nuqs hands a control's write to every hook of the same keys at once, and
 * keeps it over an older URL until the URL has caught up. Next takes a written URL into its
 * router in a transition; while that is pending, or when an older one commits late, its search
 * params name the range before, and a preset key pressed meanwhile was lost (the report stayed
 * on the previous range while the address bar named the new one).
 */
export function useReportUrlParams() {
  const [state] = useQueryStates(reportUrlParsers);
  // parseReportParams reads lists as well as the URL's strings (no serializer: the report pages
  // are at their first-load budget). Parsed on every render, as before: a URL without a range
  // means days relative to today.
  const raw: RawSearchParams = {};
  for (const [key, value] of Object.entries(state)) if (value !== null) raw[key] = value;
  return parseReportParams(raw).params;
}
