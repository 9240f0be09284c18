// The list endpoints the client knows: path, record schema, the column `from`/`to`
// filter on, the record's identity, and who may call it.
import type { z } from "zod";
import { abandonedCartSchema, type AbandonedCart } from "@/lib/records/abandoned-cart";
import { genericRecordSchema, type GenericRecord } from "@/lib/records/list-envelope";
import { orderSchema, type Order } from "@/lib/records/order";
import { purchaseSchema, type Purchase } from "@/lib/records/purchase";

export interface ResourceSpec<T> {
  path: string;
  schema: z.ZodType<T>;
  /** Filter column candidates, first present wins (the contract names it only for some). */
  filterColumns: readonly string[];
  /** Identity candidates for de-duplication, first present wins. */
  idFields: readonly string[];
  creatorOnly: boolean;
}

export const RESOURCES = {
  purchases: { path: "/api/v1/purchases", schema: purchaseSchema, filterColumns: ["checkoutInitializedAt"], idFields: ["purchaseId"], creatorOnly: false } satisfies ResourceSpec<Purchase>,
  orders: { path: "/api/v1/orders", schema: orderSchema, filterColumns: ["checkoutInitializedAt"], idFields: ["orderId"], creatorOnly: true } satisfies ResourceSpec<Order>,
  "abandoned-carts": { path: "/api/v1/abandoned-carts", schema: abandonedCartSchema, filterColumns: ["sessionInitializedAt"], idFields: ["checkoutId"], creatorOnly: true } satisfies ResourceSpec<AbandonedCart>,
  // Fields not shown by the contract: the filter column is guessed from common names.
  refunds: { path: "/api/v1/refunds", schema: genericRecordSchema, filterColumns: ["requestedAt", "refundRequestedAt", "createdAt", "refundedAt"], idFields: ["refundId", "id", "purchaseId"], creatorOnly: false } satisfies ResourceSpec<GenericRecord>,
  chargebacks: { path: "/api/v1/chargebacks", schema: genericRecordSchema, filterColumns: ["requestedAt", "createdAt", "openedAt"], idFields: ["chargebackId", "id", "purchaseId"], creatorOnly: false } satisfies ResourceSpec<GenericRecord>,
  checkouts: { path: "/api/v1/checkouts", schema: genericRecordSchema, filterColumns: ["loadedAt", "createdAt"], idFields: ["checkoutId", "id"], creatorOnly: true } satisfies ResourceSpec<GenericRecord>,
} as const;

export type ResourceName = keyof typeof RESOURCES;
export type RecordOf<R extends ResourceName> = z.infer<(typeof RESOURCES)[R]["schema"]>;

/** The value of the first candidate field a record carries. */
export function firstField(record: Record<string, unknown>, fields: readonly string[]): unknown {
  for (const field of fields) {
    const value = record[field];
    if (value !== undefined && value !== null && value !== "") return value;
  }
  return undefined;
}
