import "server-only";

// The CSV files of a Refunds & chargebacks report: the refund and chargeback records (their
// fields come from the records, the contract lists none), the figures per currency, what gets
// refunded and the days from sale to refund request.
import type { RateRow } from "@/lib/analytics/delivery-refunds";
import { refundKpis } from "@/lib/analytics/refund-kpis";
import { csvColumns } from "@/lib/csv/columns";
import type { KeyType } from "@/lib/sales-api";
import type { ReportParams } from "@/lib/report-params/definitions";
import { genericColumnsOrDefault, maskPersonal, type GenericColumn } from "@/lib/reports/generic-columns";
import { dataset, flatDataset, type CsvDataset } from "./csv-datasets";
import type { RefundRecords } from "./refunds-records";
import { daysBucketCsvLabel, type RefundsView } from "./refunds-report";

const kindOf = (c: GenericColumn) => (c.kind === "money" ? "money" : c.kind === "date" ? "date" : /Id$|^id$/.test(c.key) ? "id" : "text");

// With no record to read the fields from, the header names those every record is expected to carry.
const EMPTY_HEADERS = {
  refunds: ["refundId", "purchaseId", "currency", "amount", "requestedAt"],
  chargebacks: ["chargebackId", "purchaseId", "currency", "amount", "requestedAt"],
} as const;

export const BREAKDOWN_IDS = ["product", "offer", "purchaseType", "paymentMethod", "psp"] as const;

/** Every name a Refunds CSV can have ("all" is the ZIP of them). */
export const REFUNDS_CSV_NAMES: ReadonlySet<string> = new Set(["all", "refunds", "chargebacks", "kpis", "days-to-refund", "delivery-refunds", ...BREAKDOWN_IDS.map((id) => `breakdown-${id}`)]);

function recordsDataset(records: readonly Record<string, unknown>[], resource: keyof typeof EMPTY_HEADERS): CsvDataset {
  const columns = genericColumnsOrDefault(records, 60, EMPTY_HEADERS[resource]);
  return dataset(csvColumns(columns.map((c) => ({ header: c.key, kind: kindOf(c), value: (r: Record<string, unknown>) => (c.kind === "personal" ? maskPersonal(c.key, r[c.key]) : r[c.key]) }))), records);
}

/** The datasets of the report; refunds or chargebacks the Sales API does not offer (404) are absent. */
export function refundsDatasets(view: RefundsView, data: RefundRecords, keyType: KeyType, params: ReportParams): Map<string, CsvDataset> {
  const sets = new Map<string, CsvDataset>();
  if (data.refunds) sets.set("refunds", recordsDataset(data.refunds, "refunds"));
  if (data.chargebacks) sets.set("chargebacks", recordsDataset(data.chargebacks, "chargebacks"));
  const figures = refundKpis(data.purchases, data.refunds, data.chargebacks, params.dating, data.currency.currency, data.known);
  for (const [name, set] of refundsPanelDatasets({ ...view, figures }, keyType)) sets.set(name, set);
  return sets;
}

// Days buckets as the file says them, in English whatever the page's language.
const DAYS_CSV: Record<string, string> = { upTo3: "0–3 days", upTo7: "4–7 days", upTo14: "8–14 days", over14: "15 days or more", notDelivered: "not delivered" };

/** One row per group of orders: by last milestone, carrier, days to delivery, and each carrier's on-time and late deliveries. */
function deliveryRatesDataset(rates: NonNullable<RefundsView["deliveryRates"]>): CsvDataset {
  const row = (group: string, key: string, r: RateRow) => ({ group, key, orders: r.orders, refunded: r.refunded, refundRate: r.refundRate, chargedBack: r.chargedBack, chargebackRate: r.chargebackRate });
  return flatDataset(
    [["group", "text"], ["key", "text"], ["orders", "number"], ["refunded", "number"], ["refundRate", "number"], ["chargedBack", "number"], ["chargebackRate", "number"]],
    [
      ...rates.byMilestone.map((r) => row("milestone", r.key, r)),
      ...rates.byCarrier.map((r) => row("carrier", r.key, r)),
      ...rates.byDays.map((r) => row("daysToDelivery", DAYS_CSV[r.key] ?? r.key, r)),
      ...rates.lateByCarrier.flatMap((c) => [row(`onTime (≤ ${rates.lateAfterDays} days)`, c.carrier, c.onTime), row(`late (> ${rates.lateAfterDays} days)`, c.carrier, c.late)]),
    ],
  );
}

/** The datasets of the report's panels, made from its view alone: every file but the records'. */
export function refundsPanelDatasets(view: Pick<RefundsView, "figures" | "daysToRefund" | "breakdowns"> & Partial<Pick<RefundsView, "deliveryRates">>, keyType: KeyType): Map<string, CsvDataset> {
  const sets = new Map<string, CsvDataset>();
  const rows = view.figures;
  const keys = rows[0] ? Object.keys(rows[0]).filter((k) => keyType === "affiliate" || k !== "commissionLost") : ["currency"];
  sets.set("kpis", dataset(csvColumns(keys.map((k) => ({ header: k, kind: k === "currency" ? ("text" as const) : ("number" as const), value: (r: (typeof rows)[number]) => r[k as keyof typeof r] }))), rows));
  if (view.daysToRefund) sets.set("days-to-refund", flatDataset([["days", "text"], ["refunds", "number"]], view.daysToRefund.map((d) => ({ days: daysBucketCsvLabel(d), refunds: d.count }))));
  if (view.deliveryRates) sets.set("delivery-refunds", deliveryRatesDataset(view.deliveryRates));
  for (const id of BREAKDOWN_IDS) {
    sets.set(
      `breakdown-${id}`,
      flatDataset([["currency", "text"], ["key", "text"], ["label", "text"], ["count", "number"], ["amount", "money"], ["share", "number"]], view.breakdowns.filter((b) => b.id === id).flatMap((b) => b.rows.map((r) => ({ currency: b.currency, key: r.key, label: r.label ?? r.key, count: r.count, amount: r.amount, share: r.share })))),
    );
  }
  return sets;
}
