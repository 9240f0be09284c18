// Display formats shared by pages: money in its own currency, UTC timestamps.
export function formatMoney(amount: number, currency: string): string {
  if (!/^[a-z]{3}$/i.test(currency)) return `${amount.toFixed(2)} (currency unknown)`;
  return new Intl.NumberFormat("en-US", { style: "currency", currency: currency.toUpperCase() }).format(amount);
}

export function formatUtc(timestamp: string | null | undefined): string {
  if (!timestamp) return "";
  const ms = Date.parse(timestamp);
  if (Number.isNaN(ms)) return timestamp;
  const utc = new Date(ms).toISOString(); // an offset like -03:00 moves the day: convert, never cut
  return `${utc.slice(0, 10)} ${utc.slice(11, 16)} UTC`;
}
