import "server-only";

// The public face of lib/sales-api: the only way the app reaches the upstream.
export { createSalesApiClient, type KeyType, type SalesApiClient, type SalesApiClientOptions } from "./client";
export type { CatalogAnswer, CatalogName } from "./catalog";
export { accountKeyMaterial, credentialFrom, type SalesApiCredential } from "./credentials";
export { errorKind, SalesApiError, SalesApiHttpError, SalesApiRangeError, SalesApiSchemaError, SalesApiTransportError, type SalesApiErrorKind } from "./errors";
export type { RangeProgress, RangeReport, RangeResult } from "./fetch-range";
export type { DayStamps } from "./range-stamps";
export type { InvalidRecord } from "./list-window";
export { RESOURCES, type RecordOf, type ResourceName } from "./resources";
export type { AbandonedCart } from "./schemas/abandoned-cart";
export type { Order } from "./schemas/order";
export type { Purchase } from "./schemas/purchase";
export type { GenericRecord } from "./schemas/list-envelope";
export { getUpstreamHealth, type UpstreamHealth } from "./health";
export type { Deadline } from "./deadline";
