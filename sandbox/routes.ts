// The contract's endpoints and who may call them.
import type { ListResource } from "./data/dataset";

export interface Route {
  /** A date-filtered list, or a catalog (no date filter). */
  kind: "list" | "catalog";
  resource: ListResource | "products" | "offers";
  creatorOnly: boolean;
  /** The test control that can switch the endpoint off (404), if any. */
  switchedBy: "refundsEnabled" | "catalogEnabled" | null;
}

export const API_PREFIX = "/api/v1";

export const ROUTES: Record<string, Route> = {
  "/purchases": { kind: "list", resource: "purchases", creatorOnly: false, switchedBy: null },
  "/orders": { kind: "list", resource: "orders", creatorOnly: true, switchedBy: null },
  "/abandoned-carts": { kind: "list", resource: "abandoned-carts", creatorOnly: true, switchedBy: null },
  "/checkouts": { kind: "list", resource: "checkouts", creatorOnly: true, switchedBy: null },
  "/refunds": { kind: "list", resource: "refunds", creatorOnly: false, switchedBy: "refundsEnabled" },
  "/chargebacks": { kind: "list", resource: "chargebacks", creatorOnly: false, switchedBy: "refundsEnabled" },
  "/products": { kind: "catalog", resource: "products", creatorOnly: true, switchedBy: "catalogEnabled" },
  "/offers": { kind: "catalog", resource: "offers", creatorOnly: true, switchedBy: "catalogEnabled" },
};
