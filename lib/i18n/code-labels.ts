// Words, not codes: the one dictionary of the API's codes (lib/i18n/messages/<locale>/codes.json)
// read the same way everywhere on screen. A code the dictionary does not know is shown as
// "unknown: <code>", never dropped and never guessed. CSV files keep the API's codes.
import { NONE } from "@/lib/analytics/dimensions";

export const CODE_DIMENSIONS = [
  "purchaseType", "paymentMethod", "psp", "cardBrand", "milestone", "declineCode", "source", "sessionMode",
  "refundReason", "refundType", "recordKind", "recordStatus",
] as const;
export type CodeDimension = (typeof CODE_DIMENSIONS)[number];

/** Dimensions whose values are names (products, offers, carriers) or ISO codes (countries). */
export type NamedDimension = "product" | "offer" | "country" | "affiliate" | "carrier" | "supplier";

/** The slice of a next-intl translator this needs, for both useTranslations and getTranslations. */
export interface CodesTranslator {
  (key: string, values?: Record<string, string>): string;
  has(key: string): boolean;
}

export interface CodeLabeler {
  (dimension: CodeDimension | NamedDimension, code: string | null | undefined): string;
}

/**
 * `codes`: a translator of the "codes" namespace; `common`: of "common" (for the unknown
 * fallback); `locale`: an Intl locale, for country names.
 */
export function codeLabeler(codes: CodesTranslator, common: CodesTranslator, locale: string): CodeLabeler {
  let regions: Intl.DisplayNames | null = null;
  return (dimension, code) => {
    if (code === null || code === undefined || code === "" || code === NONE) {
      return codes.has(`none.${dimension}`) ? codes(`none.${dimension}`) : common("unknownCode", { code: NONE });
    }
    if (dimension === "country") {
      if (!/^[A-Za-z]{2}$/.test(code)) return common("unknownCode", { code });
      regions ??= new Intl.DisplayNames([locale], { type: "region", fallback: "none" });
      return regions.of(code.toUpperCase()) ?? common("unknownCode", { code });
    }
    if (dimension === "product" || dimension === "offer" || dimension === "affiliate" || dimension === "carrier" || dimension === "supplier") return code;
    const key = `${dimension}.${code}`;
    return codes.has(key) ? codes(key) : common("unknownCode", { code });
  };
}

/** What a chart's category or a table's cell shows: a word, and for an offer its code beside the name. */
export interface CategoryLabel { label: string; secondary?: string }

/**
 * An offer reads by its name, its code as secondary text (two offers may share a name); an offer
 * without a name reads as its code. Every other value reads as the dictionary's word.
 */
export function categoryLabel(label: CodeLabeler, dimension: CodeDimension | NamedDimension, code: string | null | undefined, name?: string | null): CategoryLabel {
  if (dimension === "offer" && code && code !== NONE && name && name !== code) return { label: name, secondary: code };
  return { label: label(dimension, code) };
}

/**
 * The dimension a column of records whose fields are unknown (refunds, chargebacks) holds, by
 * its name, or null for free text. A column is read as codes only when each of its values looks
 * like one ("customer_request"), so a chargeback's written reason stays as it was written.
 */
export function codeDimensionOfField(key: string, values: ReadonlyArray<unknown>): CodeDimension | "country" | null {
  const dimension = FIELD_DIMENSIONS[key];
  if (dimension === undefined) return null;
  return values.every((v) => v === null || v === undefined || v === "" || (typeof v === "string" && /^[a-z][a-z0-9]*(_[a-z0-9]+)*$/i.test(v))) ? dimension : null;
}

const FIELD_DIMENSIONS: Record<string, CodeDimension | "country"> = {
  purchaseType: "purchaseType", paymentMethod: "paymentMethod", psp: "psp", cardBrand: "cardBrand",
  lastTrackingMilestone: "milestone", declineCode: "declineCode", lastDeclineCode: "declineCode", sessionMode: "sessionMode",
  reason: "refundReason", refundType: "refundType", kind: "recordKind", status: "recordStatus",
  billingCountry: "country", shippingCountry: "country",
};

const LABELLED = new Set<string>([...CODE_DIMENSIONS, "product", "offer", "country", "affiliate", "carrier", "supplier"]);

/**
 * A breakdown's rows with the words each is shown by, `dimension` being the breakdown's id
 * ("paymentMethod", "offer", ...); `key` stays the API's code for links and files. An id that
 * names no dimension shows its keys as they are.
 */
export function labelledRows<T extends { key: string; name?: string | null }>(rows: readonly T[], dimension: string, label: CodeLabeler): Array<T & CategoryLabel> {
  if (!LABELLED.has(dimension)) return rows.map((r) => ({ ...r, label: r.key }));
  return rows.map((r) => ({ ...r, ...categoryLabel(label, dimension as CodeDimension | NamedDimension, r.key, r.name) }));
}
