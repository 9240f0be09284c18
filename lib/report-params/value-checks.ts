// The form each value of a report URL must have, checked before any data is asked for: a
// currency the runtime knows, a purchase type of the contract, a country code. A value of the
// right form that no record carries is not an error here; the report marks it "matches nothing".
import type { FilterKey } from "./definitions";
import { paramIssue, type ParamIssue } from "./param-issues";

/** Carts and orders whose currency cannot be told are grouped, and filtered, under this. */
export const UNKNOWN_CURRENCY_PARAM = "unknown";
/** The breakdowns' key for a record without the field; a filter may select it. */
const NONE = "none";

export const PURCHASE_TYPES = ["front", "upsell", "order_bump", "downsell"] as const;

let currencies: Set<string> | null = null;
/** ISO 4217 codes, lower case as the URL writes them; or an unknown currency, one offer's ("unknown:<offerCode>"). */
export function isKnownCurrency(code: string): boolean {
  currencies ??= new Set(Intl.supportedValuesOf("currency").map((c) => c.toLowerCase()));
  return code === UNKNOWN_CURRENCY_PARAM || (code.startsWith(`${UNKNOWN_CURRENCY_PARAM}:`) && code.length > UNKNOWN_CURRENCY_PARAM.length + 1) || currencies.has(code);
}

let regions: Intl.DisplayNames | null = null;
// ZZ and the groupings (EU, UN, QO, …) have names too, but are not a buyer's country.
const NOT_COUNTRIES = new Set(["ZZ", "EU", "EZ", "UN", "QO", "XA", "XB"]);
/** ISO 3166-1 alpha-2, upper case. */
export function isCountryCode(code: string): boolean {
  if (!/^[A-Z]{2}$/.test(code) || NOT_COUNTRIES.has(code)) return false;
  regions ??= new Intl.DisplayNames(["en"], { type: "region", fallback: "none" });
  return regions.of(code) !== undefined;
}

/** The problem with one filter value, or null when its form is right. */
export function filterValueProblem(key: FilterKey, value: string): ParamIssue | null {
  if (value === NONE) return null;
  if (key === "type" && !(PURCHASE_TYPES as readonly string[]).includes(value)) {
    return paramIssue("notPurchaseType", { value, types: PURCHASE_TYPES.join(", ") });
  }
  if (key === "country" && !isCountryCode(value)) {
    return paramIssue("notCountry", { value });
  }
  return null;
}

/** Country codes are compared upper case (the API's form); "br" means BR. */
export function normalFilterValue(key: FilterKey, value: string): string {
  return key === "country" && /^[a-z]{2}$/.test(value) ? value.toUpperCase() : value;
}
