import "server-only";

// A purchase record as a row of the fact table: the figures the reports sum, in integer cents
// (exactly as lib/analytics/purchase-summary adds them), its instants, and its dimension keys
// (lib/analytics/dimensions: "none" for a record without the field). Nothing that names or
// reaches a customer goes into it.
import { dimensionKeys } from "@/lib/analytics/dimensions";
import { refundedShareCents, toCents } from "@/lib/analytics/money";
import type { SummaryPurchase } from "@/lib/analytics/purchase-summary";
import type { Purchase } from "@/lib/records/purchase";
import { timestampMs } from "@/lib/timestamps";
import { maskEmail, maskName } from "@/lib/privacy/mask";
import { FACT_CSV_AMOUNTS, type PurchaseFactRow } from "@/lib/store/purchase-fact-store";
import { firstCopies } from "./first-copies";

/** What a row is made of: a summary's fields, the purchases table's time column, the checkout the Abandonment report reads, and what the purchases CSV writes. */
export type FactPurchase = SummaryPurchase &
  Pick<Purchase, "purchaseCreatedAt" | "checkoutId"> &
  Partial<Pick<Purchase, "cardLast4" | "customerName" | "customerEmail" | "amountCreatorTax" | (typeof FACT_CSV_AMOUNTS)[number]>>;

const instant = (value: string | null | undefined): number | null => {
  const ms = value ? timestampMs(value) : NaN;
  return Number.isNaN(ms) ? null : ms;
};

export function purchaseFactRow(p: FactPurchase): PurchaseFactRow {
  const transaction = toCents(p.amountTransaction);
  const affiliation = toCents(p.amountAffiliation);
  const refunded = toCents(p.amountRefunded);
  const currency = p.currency || "";
  return {
    purchaseId: p.purchaseId,
    orderId: p.orderId ?? null,
    createdAt: instant(p.checkoutInitializedAt),
    availableAt: instant(p.incomingAvailableAt),
    currency,
    currencyOffer: currency ? "" : (p.offerCode ?? ""),
    offerName: p.offerName ?? null,
    checkout: { checkoutId: p.checkoutId ?? null, offerCode: p.offerCode ?? null, createdText: p.checkoutInitializedAt },
    dims: {
      product: dimensionKeys.product(p),
      offer: dimensionKeys.offer(p),
      purchaseType: dimensionKeys.purchaseType(p),
      paymentMethod: dimensionKeys.paymentMethod(p),
      psp: dimensionKeys.psp(p),
      cardBrand: dimensionKeys.cardBrand(p),
      country: dimensionKeys.country(p),
      affiliate: dimensionKeys.affiliate(p),
    },
    sums: [
      transaction,
      toCents(p.amountItemsGross),
      toCents(p.amountItemsNet),
      toCents(p.amountShippingNet),
      toCents(p.amountTaxes),
      toCents(p.amountCreatorPlatformFee),
      toCents(p.amountCreatorNet),
      affiliation,
      toCents(p.amountAffiliationNet),
      refunded,
      refundedShareCents(affiliation, refunded, transaction),
    ],
    // The values purchaseRowsPage sorts by, read the same way, so the store's order is its order.
    table: {
      createdAt: p.purchaseCreatedAt,
      product: p.productName ?? "",
      type: p.purchaseType,
      method: p.paymentMethod ?? "",
      country: p.billingCountry ?? "",
      sale: p.amountTransaction ?? 0,
      commission: p.amountAffiliation ?? 0,
    },
    csv: {
      psp: p.psp ?? null,
      cardBrand: p.cardBrand ?? null,
      affiliateName: p.affiliateName ?? null,
      incomingAvailableAt: p.incomingAvailableAt ?? null,
      amounts: FACT_CSV_AMOUNTS.map((field) => p[field] ?? null),
    },
  };
}

/**
 * The purchases CSV's personal cells of a row, as the file writes them: the masked name and
 * e-mail, and the card's last digits. Never a column: the mirror seals a day's list of them
 * with the day's rows (mirror-day-cache.ts), in the rows' order.
 */
export type FactCustomerCells = [maskedName: string, maskedEmail: string, cardLast4: string | null];

const customerCells = (p: FactPurchase): FactCustomerCells => [maskName(p.customerName), maskEmail(p.customerEmail), p.cardLast4 ?? null];

/** The customer cells of a day's rows (purchaseFactRows' order). */
export function purchaseCustomerCells(records: readonly FactPurchase[]): FactCustomerCells[] {
  return firstCopies(records, (p) => p.purchaseId).map(customerCells);
}

/**
 * The rows of one stored day: a purchase the upstream sent twice (windows that overlap) is one
 * row, its first copy, as fetchRange gives a report each record once. (A purchase stored on two
 * days, which would need its checkoutInitializedAt to have moved, is a row on each.)
 */
export function purchaseFactRows(records: readonly FactPurchase[]): PurchaseFactRow[] {
  return firstCopies(records, (p) => p.purchaseId).map(purchaseFactRow);
}
