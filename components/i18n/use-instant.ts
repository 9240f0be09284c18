import { useFormatter } from "next-intl";

/** formatInstantInLocale's words (lib/format-instant.ts), through next-intl's formatter, which every page already holds. */
const INSTANT = { dateStyle: "medium", timeStyle: "short", hourCycle: "h23", timeZone: "UTC" } as const;

/**
 * A moment in UTC as every page of the reader's language writes a time: "Nov 23, 2026, 14:05 UTC",
 * "23 de nov. de 2026, 14:05 UTC" (the day as in reports, their 24-hour clock). Server or client.
 */
export function useInstant(): (at: number | string) => string {
  const format = useFormatter();
  return (at) => `${format.dateTime(new Date(at), INSTANT)} UTC`;
}
