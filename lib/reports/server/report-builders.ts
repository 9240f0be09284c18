import "server-only";

// What each report fetches and computes, by id: the one table the report route reads.
import type { SessionAccount } from "@/lib/auth/session";
import { getReportCartFactStore, getReportEventFactStore, getReportFactStore, getReportOrderFactStore } from "@/lib/mirror/mirror-access";
import type { ReportParams } from "@/lib/report-params/definitions";
import type { SalesApiClient } from "@/lib/sales-api";
import { buildAffiliatesView } from "@/lib/reports/server/affiliates-report";
import { buildAbandonmentView } from "@/lib/reports/server/abandonment-report";
import type { LoadOptions } from "@/lib/reports/server/load-options";
import { buildOrdersView } from "@/lib/reports/server/orders-report";
import type { ReportId } from "@/lib/reports/report-definitions";
import { buildRefundsView } from "@/lib/reports/server/refunds-report";
import { buildRevenueView } from "@/lib/reports/server/revenue-report";

type ReportBuilder = (client: SalesApiClient, account: SessionAccount, params: ReportParams, options: LoadOptions) => Promise<unknown>;

export const REPORT_BUILDERS: Record<ReportId, ReportBuilder> = {
  revenue: (client, account, params, options) => buildRevenueView(client, account.keyType, params, { facts: getReportFactStore(), ...options }),
  orders: (client, _account, params, options) => buildOrdersView(client, params, { orderFacts: getReportOrderFactStore(), ...options }),
  abandonment: (client, _account, params, options) => buildAbandonmentView(client, params, { cartFacts: getReportCartFactStore(), facts: getReportFactStore(), ...options }),
  refunds: (client, account, params, options) => buildRefundsView(client, account.keyType, params, { facts: getReportFactStore(), eventFacts: getReportEventFactStore(), orderFacts: getReportOrderFactStore(), ...options }),
  affiliates: (client, _account, params, options) => buildAffiliatesView(client, params, { facts: getReportFactStore(), ...options }),
};
