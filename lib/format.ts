// Display formats shared by pages: money in its own currency, UTC timestamps.
export function formatMoney(amount: number, currency: string): string {
  if (!/^[a-z]{3}$/i.test(currency)) return `${amount.toFixed(2)} (currency unknown)`;
  return new Intl.NumberFormat("en-US", { style: "currency", currency: currency.toUpperCase() }).format(amount);
}

/**
 * A timestamp as "YYYY-MM-DD HH:MM" in a report's time zone (the table's column header names
 * the zone); in UTC it keeps its " UTC" suffix.
 */
export function formatInZone(timestamp: string | null | undefined, timeZone = "UTC"): string {
  if (timeZone === "UTC" || !timestamp) return formatUtc(timestamp);
  const ms = Date.parse(timestamp);
  if (Number.isNaN(ms)) return timestamp;
  const parts = Object.fromEntries(new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).formatToParts(ms).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

export function formatUtc(timestamp: string | null | undefined): string {
  if (!timestamp) return "";
  const ms = Date.parse(timestamp);
  if (Number.isNaN(ms)) return timestamp;
  const utc = new Date(ms).toISOString(); // an offset like -03:00 moves the day: convert, never cut
  return `${utc.slice(0, 10)} ${utc.slice(11, 16)} UTC`;
}
