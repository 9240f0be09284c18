import "server-only";

// The payout calendar to the server: the month's view for the browser's minute, and its files
// (the month's days and the back-test). Its request is checked by payoutsRequest.
import { getReportEventFactStore, getReportFactStore } from "@/lib/mirror/mirror-access";
import { monthDays } from "@/lib/reports/payouts-month";
import { PAYOUTS_CSV_NAMES, payoutsDatasets } from "@/lib/reports/server/payouts-csv";
import { buildPayoutsView } from "@/lib/reports/server/payouts-report";
import { PAYOUTS_REQUEST, payoutsRequest, type PayoutsAsked } from "./payouts-request";
import { reportPage } from "@/lib/reports/report-definitions";
import type { ReportModule } from "@/lib/reports/server/report-module";
import { errorResponse } from "@/lib/reports/server/report-route";

export const payoutsReport: ReportModule<PayoutsAsked> = {
  ...reportPage("payouts"),
  request: PAYOUTS_REQUEST,
  view: (context) => {
    const asked = payoutsRequest(context);
    if (typeof asked === "string") return asked;
    return (progress, signal) => buildPayoutsView(context.client, context.account.keyType, asked, { progress, signal, facts: getReportFactStore(), eventFacts: getReportEventFactStore() });
  },
  exports: {
    names: PAYOUTS_CSV_NAMES,
    holdsComparison: new Set<string>(),
    load: async (context) => {
      const asked = payoutsRequest(context);
      if (typeof asked === "string") return errorResponse(400, "invalid_request", asked);
      const view = await buildPayoutsView(context.client, context.account.keyType, asked, { signal: context.request.signal, facts: getReportFactStore(), eventFacts: getReportEventFactStore() });
      const { days } = monthDays(view.month, view.tz);
      return { range: { from: days[0]!, to: days[days.length - 1]!, tz: view.tz }, quality: view.quality, datasets: payoutsDatasets(view) };
    },
  },
};
