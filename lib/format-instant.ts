// Apart from lib/format.ts, which every page's first load holds: only the Overview's and the
// payout calendar's headers write a moment this way (the shared pages through next-intl's formatter).

/** A moment (epoch ms or an ISO timestamp) as a table writes a time: "Nov 23, 2026, 14:05 UTC", "23 de nov. de 2026, 14:05 (America/Sao_Paulo)". */
export function formatInstantInLocale(at: number | string, locale = "en-US", timeZone = "UTC"): string {
  const ms = typeof at === "number" ? at : Date.parse(at);
  if (Number.isNaN(ms)) return String(at);
  // The same words as formatStampInLocale's: the day as formatDayInLocale writes it, a 24-hour clock.
  return `${new Intl.DateTimeFormat(locale, { timeZone, dateStyle: "medium", timeStyle: "short", hourCycle: "h23" }).format(ms)} ${timeZone === "UTC" ? "UTC" : `(${timeZone})`}`;
}
