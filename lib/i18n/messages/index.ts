// Every message of the interface, per locale, one JSON file per area (so areas can be written
// side by side). A namespace missing in one locale fails the compiler (`typeof en`) and the unit
// test that compares their keys.
import type { AppLocale } from "../locales";
import enAbandonment from "./en/abandonment.json";
import enAffiliates from "./en/affiliates.json";
import enAlerts from "./en/alerts.json";
import enAuth from "./en/auth.json";
import enCharts from "./en/charts.json";
import enCodes from "./en/codes.json";
import enCommon from "./en/common.json";
import enDigests from "./en/digests.json";
import enFilters from "./en/filters.json";
import enLanding from "./en/landing.json";
import enNumbers from "./en/numbers.json";
import enOrders from "./en/orders.json";
import enOverview from "./en/overview.json";
import enPayouts from "./en/payouts.json";
import enRefunds from "./en/refunds.json";
import enReport from "./en/report.json";
import enReportProblems from "./en/report-problems.json";
import enRevenue from "./en/revenue.json";
import enSharing from "./en/sharing.json";
import enShell from "./en/shell.json";
import enViews from "./en/views.json";
import ptAbandonment from "./pt-BR/abandonment.json";
import ptAffiliates from "./pt-BR/affiliates.json";
import ptAlerts from "./pt-BR/alerts.json";
import ptAuth from "./pt-BR/auth.json";
import ptCharts from "./pt-BR/charts.json";
import ptCodes from "./pt-BR/codes.json";
import ptCommon from "./pt-BR/common.json";
import ptDigests from "./pt-BR/digests.json";
import ptFilters from "./pt-BR/filters.json";
import ptLanding from "./pt-BR/landing.json";
import ptNumbers from "./pt-BR/numbers.json";
import ptOrders from "./pt-BR/orders.json";
import ptOverview from "./pt-BR/overview.json";
import ptPayouts from "./pt-BR/payouts.json";
import ptRefunds from "./pt-BR/refunds.json";
import ptReport from "./pt-BR/report.json";
import ptReportProblems from "./pt-BR/report-problems.json";
import ptRevenue from "./pt-BR/revenue.json";
import ptSharing from "./pt-BR/sharing.json";
import ptShell from "./pt-BR/shell.json";
import ptViews from "./pt-BR/views.json";

const en = {
  abandonment: enAbandonment,
  affiliates: enAffiliates,
  alerts: enAlerts,
  auth: enAuth,
  charts: enCharts,
  codes: enCodes,
  common: enCommon,
  digests: enDigests,
  filters: enFilters,
  landing: enLanding,
  numbers: enNumbers,
  orders: enOrders,
  overview: enOverview,
  payouts: enPayouts,
  refunds: enRefunds,
  // `report.problems` has a file of its own: the report URL's parser (in the browser too) reads
  // its English sentences, and needs nothing else of `report`.
  report: { ...enReport, problems: enReportProblems },
  revenue: enRevenue,
  sharing: enSharing,
  shell: enShell,
  views: enViews,
};

const ptBR: typeof en = {
  abandonment: ptAbandonment,
  affiliates: ptAffiliates,
  alerts: ptAlerts,
  auth: ptAuth,
  charts: ptCharts,
  codes: ptCodes,
  common: ptCommon,
  digests: ptDigests,
  filters: ptFilters,
  landing: ptLanding,
  numbers: ptNumbers,
  orders: ptOrders,
  overview: ptOverview,
  payouts: ptPayouts,
  refunds: ptRefunds,
  report: { ...ptReport, problems: ptReportProblems },
  revenue: ptRevenue,
  sharing: ptSharing,
  shell: ptShell,
  views: ptViews,
};

export type Messages = typeof en;
export const MESSAGES: Record<AppLocale, Messages> = { en, "pt-BR": ptBR };
