import "server-only";

// The one decision every report makes for records without a currency (lib/analytics/
// assumed-currency): their offer's currency in the offers catalog when it answers, else the
// currency other records of the offer carry, else the account's setting, else "unknown" per offer.
import { inferCurrencies, type CurrencyAssumption } from "@/lib/analytics/assumed-currency";
import { getAccountSettings } from "@/lib/auth/account-settings";
import { log } from "@/lib/log/server-log";
import { errorKind, SalesApiError, type Deadline, type GenericRecord } from "@/lib/sales-api";
import type { MirroredClient } from "@/lib/mirror/range-reader";

type OfferRecord = { offerCode?: string | null; currency?: string | null };

/**
 * The offers catalog, null when it did not answer: optional (the contract shows none of its
 * fields; an affiliate key may not read it) and never waited for past the report's deadline
 * (the request goes on, and is cached for the next load).
 */
export async function offersCatalogWithin(client: MirroredClient, deadline: Deadline | undefined): Promise<GenericRecord[] | null> {
  if (deadline?.passed) return null;
  const answer = client.fetchCatalog("offers").then((a) => (a.available ? a.records : null));
  const timedOut = deadline ? new Promise<null>((resolve) => deadline.signal.addEventListener("abort", () => resolve(null), { once: true })) : null;
  try {
    return await (timedOut ? Promise.race([answer, timedOut]) : answer);
  } catch (error) {
    // Records of the same offer still tell most offers' currency.
    log("warn", { event: "catalog_unavailable", kind: errorKind(error), correlationId: error instanceof SalesApiError ? error.correlationId : null, correlationSource: "upstream" });
    return null;
  }
}

/** Only the offers of records without a currency need telling: the catalog is asked only then. */
function anyMissing(records: Iterable<OfferRecord>): boolean {
  for (const r of records) if (!r.currency) return true;
  return false;
}

/**
 * `records` are those whose offers may need telling and that may carry a currency; `given` is
 * the decision an earlier load of the same report made (its other period).
 */
export async function currencyAssumptionFor(client: MirroredClient, records: readonly OfferRecord[], given?: CurrencyAssumption | Promise<CurrencyAssumption>, deadline?: Deadline): Promise<CurrencyAssumption> {
  if (given) return given;
  const [settings, catalog] = await Promise.all([getAccountSettings(client.identity), anyMissing(records) ? offersCatalogWithin(client, deadline) : null]);
  return inferCurrencies({ setting: settings.assumedCurrency, catalog, records });
}
