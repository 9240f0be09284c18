// The contract's endpoints and who may call them.
import type { ListResource } from "./data/dataset";

export interface Route {
  /** A date-filtered list, or a catalog (no date filter). */
  kind: "list" | "catalog";
  resource: ListResource | "products" | "offers";
  creatorOnly: boolean;
  /** Refunds and chargebacks can be switched off (404) by a test control. */
  switchable: boolean;
}

export const API_PREFIX = "/api/v1";

export const ROUTES: Record<string, Route> = {
  "/purchases": { kind: "list", resource: "purchases", creatorOnly: false, switchable: false },
  "/orders": { kind: "list", resource: "orders", creatorOnly: true, switchable: false },
  "/abandoned-carts": { kind: "list", resource: "abandoned-carts", creatorOnly: true, switchable: false },
  "/checkouts": { kind: "list", resource: "checkouts", creatorOnly: true, switchable: false },
  "/refunds": { kind: "list", resource: "refunds", creatorOnly: false, switchable: true },
  "/chargebacks": { kind: "list", resource: "chargebacks", creatorOnly: false, switchable: true },
  "/products": { kind: "catalog", resource: "products", creatorOnly: true, switchable: false },
  "/offers": { kind: "catalog", resource: "offers", creatorOnly: true, switchable: false },
};
