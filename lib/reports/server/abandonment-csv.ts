import "server-only";

// The CSV files of an Abandonment report: the carts, and one per panel (key figures, value
// abandoned and recovered over time, the funnels, decline codes, the PSP × code matrix,
// approval rates, attempts, where carts are lost, the weekday × hour heatmap, recovery).
import { cartCurrencyResolver } from "@/lib/analytics/abandonment-currency";
import { HEATMAP_WEEKDAYS } from "@/lib/analytics/abandonment-heatmap";
import { recoveredShare } from "@/lib/analytics/decline-recovery";
import { csvColumns } from "@/lib/csv/columns";
import { maskEmail, maskName, maskPhone } from "@/lib/privacy/mask";
import type { AbandonedCart } from "@/lib/sales-api";
import type { AbandonmentRecords } from "./abandonment-records";
import type { AbandonmentView } from "./abandonment-report";
import { dataset, flatDataset, kpiCardsDataset, type CsvDataset, type Flat } from "./csv-datasets";

export function cartColumns(data: Pick<AbandonmentRecords, "currencyOf">) {
  const currencyOf = cartCurrencyResolver({ currencyOf: data.currencyOf });
  return csvColumns<AbandonedCart>([
    { header: "checkoutId", kind: "id", value: (c) => c.checkoutId },
    { header: "sessionInitializedAt", kind: "date", value: (c) => c.sessionInitializedAt },
    { header: "abandonedAt", kind: "date", value: (c) => c.abandonedAt },
    { header: "offerCode", kind: "text", value: (c) => c.offerCode },
    { header: "productName", kind: "text", value: (c) => c.productName },
    { header: "currency (of the offer)", kind: "text", value: currencyOf },
    { header: "amountTransaction", kind: "money", value: (c) => c.amountTransaction },
    { header: "paymentMethod", kind: "text", value: (c) => c.paymentMethod },
    { header: "psp", kind: "text", value: (c) => c.psp },
    { header: "cardBrand", kind: "text", value: (c) => c.cardBrand },
    { header: "cardLast4", kind: "id", value: (c) => c.cardLast4 },
    { header: "attemptCount", kind: "number", value: (c) => c.attemptCount },
    { header: "attemptApprovedCount", kind: "number", value: (c) => c.attemptApprovedCount },
    { header: "attemptDeclinedCount", kind: "number", value: (c) => c.attemptDeclinedCount },
    { header: "lastDeclineCode", kind: "text", value: (c) => c.lastDeclineCode },
    { header: "isRecovered", kind: "text", value: (c) => (c.isRecovered ? "true" : "false") },
    { header: "purchasedAt", kind: "date", value: (c) => c.purchasedAt },
    { header: "orderId", kind: "id", value: (c) => c.orderId },
    { header: "shippingCountry", kind: "text", value: (c) => c.shippingCountry },
    { header: "shippingState", kind: "text", value: (c) => c.shippingState },
    { header: "customerName (masked)", kind: "text", value: (c) => maskName(c.customerName) },
    { header: "customerEmail (masked)", kind: "text", value: (c) => maskEmail(c.customerEmail) },
    { header: "customerPhone (masked)", kind: "text", value: (c) => maskPhone(c.customerPhone) },
  ]);
}

/** Every name an Abandonment CSV can have ("all" is the ZIP of them). */
export const ABANDONMENT_CSV_NAMES: ReadonlySet<string> = new Set([
  "all", "carts", "kpis", "series", "recovered-series", "funnel", "funnel-offer", "funnel-version", "funnel-mode",
  "declines", "decline-matrix", "approval-rates", "attempts", "by-offer", "by-product", "by-country-state", "heatmap", "recovery",
]);

type Funnel = AbandonmentView["funnel"];
const funnelRows = (f: Funnel): Flat[] => f.groups.flatMap((g) => g.steps.map((s) => ({ group: g.key, carts: g.carts, step: s.key, label: s.label, count: s.count, drop: s.drop, dropRatio: s.dropRatio })));
const FUNNEL: Array<[string, "text" | "number"]> = [["group", "text"], ["carts", "number"], ["step", "text"], ["label", "text"], ["count", "number"], ["drop", "number"], ["dropRatio", "number"]];
const seriesRows = (series: AbandonmentView["series"]): Flat[] => series.flatMap((s) => s.points.map((p) => ({ currency: s.currency, bucket: p.bucket, carts: p.count, amount: p.amount })));
const whereRows = (rows: AbandonmentView["byOffer"]): Flat[] => rows.flatMap((r) => r.values.map((v) => ({ key: r.key, label: r.label, carts: r.count, currency: v.currency, currencyCarts: v.count, amount: v.amount })));
const WHERE: Array<[string, "text" | "number" | "money"]> = [["key", "text"], ["label", "text"], ["carts", "number"], ["currency", "text"], ["currencyCarts", "number"], ["amount", "money"]];

// One row per cell; recoveredShare is empty for a cell without carts.
const MATRIX: Array<[string, "text" | "number"]> = [["psp", "text"], ["code", "text"], ["carts", "number"], ["recovered", "number"], ["recoveredShare", "number"]];
function matrixRows(matrix: AbandonmentView["matrix"], recovery: AbandonmentView["matrixRecovery"]): Flat[] {
  return matrix.psps.flatMap((psp, i) => matrix.codes.map((code, j) => {
    const carts = matrix.counts[i]![j]!;
    const recovered = recovery.recovered[i]![j]!;
    return { psp, code, carts, recovered, recoveredShare: recoveredShare(recovered, carts) };
  }));
}

export function abandonmentDatasets(view: AbandonmentView, data: AbandonmentRecords): Map<string, CsvDataset> {
  const { matrix, heatmap } = view;
  return new Map<string, CsvDataset>([
    ["carts", dataset(cartColumns(data), data.carts)],
    ["kpis", kpiCardsDataset(view.kpis, view.comparisonDataFrom)],
    ["series", flatDataset([["currency", "text"], ["bucket", "text"], ["carts", "number"], ["amount", "money"]], seriesRows(view.series))],
    ["recovered-series", flatDataset([["currency", "text"], ["bucket", "text"], ["carts", "number"], ["amount", "money"]], seriesRows(view.recoveredSeries))],
    ["funnel", flatDataset(FUNNEL, funnelRows(view.funnel))],
    ["funnel-offer", flatDataset(FUNNEL, funnelRows(view.funnelByOffer))],
    ["funnel-version", flatDataset(FUNNEL, funnelRows(view.funnelByVersion))],
    ["funnel-mode", flatDataset(FUNNEL, funnelRows(view.funnelByMode))],
    ["declines", flatDataset([["code", "text"], ["carts", "number"], ["share", "number"], ["explanation", "text"], ["whatToDo", "text"]], view.declines.byCount.map((r) => ({ code: r.code, carts: r.count, share: r.share, explanation: r.explanation, whatToDo: r.whatToDo })))],
    ["decline-matrix", flatDataset(MATRIX, matrixRows(matrix, view.matrixRecovery))],
    ["approval-rates", flatDataset([["by", "text"], ["key", "text"], ["carts", "number"], ["attempts", "number"], ["approved", "number"], ["declined", "number"], ["rate", "number"]], Object.values(view.approval).flatMap((a) => [...a.rows, { ...a.overall, key: "all" }].map((r) => ({ by: a.by, ...r }))))],
    ["attempts", flatDataset([["attempts", "text"], ["carts", "number"]], view.attempts.buckets.map((b) => ({ attempts: b.label, carts: b.carts })))],
    ["by-offer", flatDataset(WHERE, whereRows(view.byOffer))],
    ["by-product", flatDataset(WHERE, whereRows(view.byProduct))],
    ["by-country-state", flatDataset(WHERE, whereRows(view.byCountryState))],
    ["heatmap", flatDataset([["weekday", "text"], ["hour", "number"], ["carts", "number"], ["timeZone", "text"]], HEATMAP_WEEKDAYS.flatMap((weekday, d) => heatmap.cells[d]!.map((carts, hour) => ({ weekday, hour, carts, timeZone: heatmap.timeZone }))))],
    ["recovery", flatDataset([["delay", "text"], ["key", "text"], ["carts", "number"]], view.recovery.buckets.map((b) => ({ delay: b.label, key: b.key, carts: b.carts })))],
  ]);
}
