"use client";

import { useFormats } from "@/components/i18n/use-formats";

/** A day of the report frame as the reader writes it (lib/format.ts: one spelling per language). */
export function useReportDay(): (day: string) => string {
  return useFormats().day;
}
