"use client";

import { useFormats } from "@/components/i18n/use-formats";

/**
 * A day of the report frame as the reader writes it: 23/11/2026 in Portuguese; in English the
 * ISO day the URL and the date inputs show (2026-11-23), so the header reads like its address.
 */
export function useReportDay(): (day: string) => string {
  const f = useFormats();
  return f.locale.startsWith("en") ? sameDay : f.day;
}

const sameDay = (day: string) => day;
