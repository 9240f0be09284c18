import "server-only";

// The CSV files of a Revenue report: one per table and chart, the whole filtered range.
// An affiliate's files have no creator-only column; customer details stay masked.
import { csvColumns, type CsvColumn, type CsvColumns } from "@/lib/csv/columns";
import { dataset, flat, kpiCardsDataset, type CsvDataset } from "./csv-datasets";

export type { CsvDataset } from "./csv-datasets";
import { maskEmail, maskName } from "@/lib/privacy/mask";
import type { KeyType, Purchase } from "@/lib/sales-api";
import { fundsWeekCsvLabel, REVENUE_BREAKDOWNS } from "@/lib/reports/server/revenue-report";
import type { RevenueView } from "@/lib/reports/revenue-view";
import { factCsvIndex, type FactCsvRow } from "@/lib/query/purchase-csv-query";


const common: CsvColumn<Purchase>[] = [
  { header: "purchaseId", kind: "id", value: (p) => p.purchaseId },
  { header: "orderId", kind: "id", value: (p) => p.orderId },
  { header: "checkoutInitializedAt", kind: "date", value: (p) => p.checkoutInitializedAt },
  { header: "purchaseCreatedAt", kind: "date", value: (p) => p.purchaseCreatedAt },
  { header: "purchaseType", kind: "text", value: (p) => p.purchaseType },
  { header: "productName", kind: "text", value: (p) => p.productName },
  { header: "offerCode", kind: "text", value: (p) => p.offerCode },
  { header: "offerName", kind: "text", value: (p) => p.offerName },
  { header: "currency", kind: "text", value: (p) => p.currency },
  { header: "paymentMethod", kind: "text", value: (p) => p.paymentMethod },
  { header: "psp", kind: "text", value: (p) => p.psp },
  { header: "cardBrand", kind: "text", value: (p) => p.cardBrand },
  { header: "cardLast4", kind: "id", value: (p) => p.cardLast4 },
  { header: "billingCountry", kind: "text", value: (p) => p.billingCountry },
  { header: "customerName (masked)", kind: "text", value: (p) => maskName(p.customerName) },
  { header: "customerEmail (masked)", kind: "text", value: (p) => maskEmail(p.customerEmail) },
  { header: "amountTransaction", kind: "money", value: (p) => p.amountTransaction },
  { header: "amountRefunded", kind: "money", value: (p) => p.amountRefunded },
  { header: "amountAffiliation", kind: "money", value: (p) => p.amountAffiliation },
  { header: "amountAffiliationNet", kind: "money", value: (p) => p.amountAffiliationNet },
  { header: "incomingAvailableAt", kind: "date", value: (p) => p.incomingAvailableAt },
];

const creatorOnly: CsvColumn<Purchase>[] = [
  { header: "affiliateName", kind: "text", value: (p) => p.affiliateName },
  { header: "amountItemsGross", kind: "money", value: (p) => p.amountItemsGross },
  { header: "amountItemsNet", kind: "money", value: (p) => p.amountItemsNet },
  { header: "amountShippingNet", kind: "money", value: (p) => p.amountShippingNet },
  { header: "amountTaxes", kind: "money", value: (p) => p.amountTaxes },
  { header: "amountCreatorPlatformFee", kind: "money", value: (p) => p.amountCreatorPlatformFee },
  { header: "amountCreatorTax", kind: "money", value: (p) => p.amountCreatorTax },
  { header: "amountCreatorNet", kind: "money", value: (p) => p.amountCreatorNet },
];

/**
 * A row of the purchases file: a record, or a row of the purchases fact table (an array:
 * purchase-csv-query.ts), which holds each field as the record gives it and the personal ones
 * already masked, so that either writes the same cells.
 */
export type PurchaseCsvRow = Purchase | FactCsvRow;

/** A column of the records read from a fact row at its field's place (the header names the field; " (masked)" says the row holds it masked). */
function eitherRow(column: CsvColumn<Purchase>): CsvColumn<PurchaseCsvRow> {
  const at = factCsvIndex(column.header.replace(/ \(masked\)$/, ""));
  const ofRecord = column.value;
  return { header: column.header, kind: column.kind, value: (row) => (Array.isArray(row) ? row[at] : ofRecord(row as Purchase)) };
}

const columnsOf = (keyType: KeyType) => (keyType === "creator" ? [...common, ...creatorOnly] : common);
const purchaseCsvColumns = { creator: csvColumns(columnsOf("creator").map(eitherRow)), affiliate: csvColumns(columnsOf("affiliate").map(eitherRow)) };

export function purchaseColumns(keyType: KeyType): CsvColumns<PurchaseCsvRow> {
  return purchaseCsvColumns[keyType];
}


/**
 * Every name a Revenue CSV can have ("all" is the ZIP of them), known before any record is
 * loaded, so that a name that can never exist is refused without an upstream request.
 */
export const REVENUE_CSV_NAMES: ReadonlySet<string> = new Set(["all", "purchases", "kpis", "series", "funds", "attach-rates", ...REVENUE_BREAKDOWNS.map((id) => `breakdown-${id}`)]);

/** Every dataset of the report by name (the names the page's CSV links use), in a Map: see export-names.ts. */
export function revenueDatasets(view: RevenueView, purchases: readonly Purchase[], keyType: KeyType): Map<string, CsvDataset> {
  const sets = new Map<string, CsvDataset>();
  sets.set("purchases", dataset(purchaseColumns(keyType), purchases));
  sets.set("kpis", kpiCardsDataset(view.kpis, view.comparisonDataFrom));
  sets.set(
    "series",
    dataset(
      flat([["currency", "text"], ["bucket", "text"], ["amount", "money"], ["count", "number"], ["comparisonBucket", "text"], ["comparisonAmount", "money"]]),
      view.series.flatMap((s) => s.points.map((p) => ({ currency: s.currency, bucket: p.bucket, amount: p.amount, count: p.count, comparisonBucket: p.previousBucket, comparisonAmount: p.previousAmount }))),
    ),
  );
  sets.set(
    "funds",
    dataset(
      flat([["currency", "text"], ["week", "text"], ["amount", "money"]]),
      view.funds.flatMap((f) => f.weeks.map((w) => ({ currency: f.currency, week: fundsWeekCsvLabel(w.week, view.fundsWeeks), amount: w.amount }))),
    ),
  );
  if (keyType === "creator") {
    sets.set(
      "attach-rates",
      dataset(
        flat([["currency", "text"], ["frontOrders", "number"], ["type", "text"], ["orders", "number"], ["rate", "number"]]),
        view.attach.flatMap((a) => a.rates.map((r) => ({ currency: a.currency, frontOrders: a.frontOrders, type: r.type, orders: r.orders, rate: r.rate }))),
      ),
    );
  }
  // Every breakdown, also one without rows: an empty range gives a CSV of its header, not a 404.
  for (const id of REVENUE_BREAKDOWNS) {
    sets.set(
      `breakdown-${id}`,
      dataset(
        flat([["currency", "text"], ["key", "text"], ["count", "number"], ["amount", "money"], ["share", "number"]]),
        // An offer's key stays "name (code)" in its file, as before the page showed the two apart.
        view.breakdowns.filter((b) => b.id === id).flatMap((b) => b.rows.map(({ name, ...r }) => ({ currency: b.currency, ...r, key: name ? `${name} (${r.key})` : r.key }))),
      ),
    );
  }
  return sets;
}
