import { OrdersScreen } from "@/components/reports/orders/orders-screen";
import { ParamsProblem } from "@/components/reports/params-problem";
import type { RawSearchParams } from "@/lib/report-params/parse";
import { reportMetadata, resolveReportPage } from "@/lib/reports/server/report-page";

export const generateMetadata = reportMetadata("orders");

// Creator keys only: affiliates get 403 here, before any upstream request.
export default async function OrdersPage({ searchParams }: { searchParams: Promise<RawSearchParams> }) {
  const page = await resolveReportPage("orders", searchParams);
  if (!page.ok) return <ParamsProblem issues={page.issues} href={page.href} />;
  return <OrdersScreen keyType={page.account.keyType} />;
}
