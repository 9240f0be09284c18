import "server-only";

// The public face of lib/sales-api: the only way the app reaches the upstream.
export { accountIdentity, createSalesApiClient, type KeyType, type SalesApiClient, type SalesApiClientOptions } from "./client";
export type { CatalogAnswer, CatalogName } from "./catalog";
export { accountKeyMaterial, credentialFrom, type SalesApiCredential } from "./credentials";
export { errorKind, SalesApiError, SalesApiHttpError, SalesApiRangeError, SalesApiSchemaError, SalesApiTransportError, type SalesApiErrorKind } from "./errors";
// Days fetched and handed to the caller (the mirror keeps them; this library keeps none).
export type { DaysOptions, DaysOutcome, FetchedDay, HeldDay, RangeProgress, WindowReport } from "./fetch-days";
export type { InvalidRecord } from "./list-window";
export { firstField, RESOURCES, type RecordOf, type ResourceName } from "./resources";
export { parseRetryAfter } from "./retry-policy";
export { abortableSleep } from "./rate-limit";
export { getClientState, type ClientState } from "./client-state";
export { getTransport, type UpstreamTarget } from "./transport";
// The records the upstream sends: defined in lib/records, which the analytics import directly.
export type { AbandonedCart } from "@/lib/records/abandoned-cart";
export type { Order } from "@/lib/records/order";
export type { Purchase } from "@/lib/records/purchase";
export type { GenericRecord } from "@/lib/records/list-envelope";
export { getUpstreamHealth, type UpstreamHealth } from "./health";
export type { Deadline } from "./deadline";
