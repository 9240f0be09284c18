// What the browser receives for the payout calendar: per currency, the days of one month with
// money scheduled, already lost and still expected to be lost, the model's description and its
// back-test. Amounts are in the currency's units (cents converted on the server).
import type { PayoutDayFigures } from "@/lib/analytics/payout-calendar";
import type { KeyType } from "@/lib/sales-api";
import type { ReportQuality } from "@/lib/reports/report-quality";

/** A day's money (net or commission by incomingAvailableAt, taken back, expected to be taken back, band): in units here. */
export type PayoutDay = PayoutDayFigures;

export interface PayoutCurrency {
  currency: string;
  /**
   * Whether the model's expectation is applied here: only where the back-test beats no
   * expectation (notBetter: it does not; untested: no month of the currency could be tested;
   * noModel: too little history for any model). Otherwise only requested losses are taken off.
   */
  expectation: "applied" | "notBetter" | "untested" | "noModel";
  days: PayoutDay[];
  totals: { scheduled: number; lost: number; expectedLoss: number; expected: number; low: number | null; high: number | null; sales: number };
  /** The days before today: money already available (less what was taken back since). */
  availableSoFar: number;
  /** The currency's bands: a day's from its back-tested days, the month total's from its back-tested months (10th to 90th percentile of actual over expected losses). */
  bands: { day: { low: number; high: number } | null; month: { low: number; high: number } | null; days: number; months: number };
}

export interface PayoutBacktestMonth { month: string; currency: string; sales: number; scheduled: number; predicted: number; naive: number; actual: number; error: number | null }

export interface PayoutBacktestError { currency: string; months: number; meanAbsError: number; bias: number; naiveMeanAbsError: number; lossRatio: number | null }

export interface PayoutModel {
  /** False with fewer mature sales than minMatureSales: nothing is expected, only losses requested count. */
  applied: boolean;
  minMatureSales: number;
  horizonDays: number;
  /** The synced history the model learns from: its first and last UTC day. */
  history: { from: string; to: string };
  /** Sales past the horizon, and the share of net refunds and chargebacks took from them within it. */
  matureSales: number;
  refundShare: number;
  chargebackShare: number;
  /** Products with curves of their own, and the sales a product needs for one. */
  productCurves: number;
  minProductSales: number;
  /** What the model could not use: those losses are then only counted once requested. */
  unavailable: Array<"refunds" | "chargebacks">;
  /** Records without the sale's purchaseId or a request date: the model cannot place them in a sale's life. */
  unusable: { refunds: number; chargebacks: number };
  /** Back-tested days a day's band needs, and months a month's band needs. */
  minBandDays: number;
  minBandMonths: number;
}

export interface PayoutsView {
  keyType: KeyType;
  /** The month shown (YYYY-MM), its zone, "today" there, and the browser's minute it was made for. */
  month: string;
  tz: string;
  today: string;
  now: string;
  /** The first and last month there is anything to show: the history's first, and the month after now. */
  months: { first: string; last: string };
  /** Days before this one may miss payouts of sales made before the history. */
  incompleteUntil: string;
  currencies: PayoutCurrency[];
  /** Sales without incomingAvailableAt, which no day can hold. */
  unscheduled: number;
  model: PayoutModel;
  backtest: { months: PayoutBacktestMonth[]; errors: PayoutBacktestError[] };
  quality: ReportQuality;
}
