import "server-only";

// The one decision every report makes for records without a currency: the account's setting,
// else the most common currency of the records at hand (see lib/analytics/assumed-currency).
import { assumeCurrency, assumeCurrencyByCounts, type CurrencyAssumption } from "@/lib/analytics/assumed-currency";
import { getAccountSettings } from "@/lib/auth/account-settings";
import type { SalesApiClient } from "@/lib/sales-api";

/** `given` is the assumption an earlier load of the same report made (its other period). */
export async function currencyAssumptionFor(client: SalesApiClient, records: Iterable<{ currency?: string | null }>, given?: CurrencyAssumption | Promise<CurrencyAssumption>): Promise<CurrencyAssumption> {
  if (given) return given;
  return assumeCurrency((await getAccountSettings(client.identity)).assumedCurrency, records);
}

/** The same from records counted per currency ("" for those without one). */
export async function currencyAssumptionByCounts(client: SalesApiClient, counts: ReadonlyMap<string, number>, given?: CurrencyAssumption | Promise<CurrencyAssumption>): Promise<CurrencyAssumption> {
  if (given) return given;
  return assumeCurrencyByCounts((await getAccountSettings(client.identity)).assumedCurrency, counts);
}
