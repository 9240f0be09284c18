"use client";

import { useFormats } from "@/components/i18n/use-formats";

/** A day of the report frame as the reader's language writes every day (lib/format.ts): "Nov 23, 2026", "23 de nov. de 2026". */
export function useReportDay(): (day: string) => string {
  return useFormats().day;
}
