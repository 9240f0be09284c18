// What the browser receives from each report's route and rows routes: the views' types,
// made on the server (lib/reports/server) and read by the components. Types only: nothing of
// the server's code reaches the browser through here.
export type { RevenueView } from "@/lib/reports/revenue-view";
export type { OrdersView } from "@/lib/reports/server/orders-report";
export type { AbandonmentView } from "@/lib/reports/server/abandonment-report";
export type { RefundsView } from "@/lib/reports/server/refunds-report";
export type { AffiliatesView } from "@/lib/reports/server/affiliates-report";
export type { OrderRow } from "@/lib/reports/server/order-rows";
export type { CartRow } from "@/lib/reports/server/cart-rows";
