// Display formats shared by pages: money in its own currency, UTC timestamps.
export function formatMoney(amount: number, currency: string): string {
  if (!/^[a-z]{3}$/i.test(currency)) return `${amount.toFixed(2)} (currency unknown)`;
  return new Intl.NumberFormat("en-US", { style: "currency", currency: currency.toUpperCase() }).format(amount);
}

export function formatUtc(timestamp: string | null | undefined): string {
  if (!timestamp) return "";
  return `${timestamp.slice(0, 10)} ${timestamp.slice(11, 16)} UTC`;
}
