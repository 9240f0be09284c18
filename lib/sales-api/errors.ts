// Typed failures of the upstream client. A person sees `message`; support sees
// `code` and the upstream `correlationId`.

import { StorageUnavailableError } from "@/lib/store/storage-unavailable";

export type SalesApiConfigErrorCode = "not_configured" | "insecure_url" | "ca_file_unreadable";
export type SalesApiTransportErrorCode = "timeout" | "tls" | "connection_refused" | "dns" | "redirect" | "network";

export class SalesApiError extends Error {
  readonly code: string;
  readonly correlationId: string | null;

  constructor(code: string, message: string, options?: { cause?: unknown; correlationId?: string | null }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = "SalesApiError";
    this.code = code;
    this.correlationId = options?.correlationId ?? null;
  }
}

/** The client is misconfigured: no request was sent. */
export class SalesApiConfigError extends SalesApiError {
  declare readonly code: SalesApiConfigErrorCode;

  constructor(code: SalesApiConfigErrorCode, message: string, options?: { cause?: unknown }) {
    super(code, message, options);
    this.name = "SalesApiConfigError";
  }
}

/** A plain-HTTP URL was refused before anything was sent. */
export class InsecureUrlError extends SalesApiConfigError {
  readonly url: string;

  constructor(url: string) {
    super("insecure_url", `Refusing to call the Sales API over plain HTTP (${url}): only https:// URLs are allowed.`);
    this.name = "InsecureUrlError";
    this.url = url;
  }
}

/** The request did not get an HTTP answer: timeout, TLS, DNS, refused connection. */
export class SalesApiTransportError extends SalesApiError {
  declare readonly code: SalesApiTransportErrorCode;

  constructor(code: SalesApiTransportErrorCode, message: string, options?: { cause?: unknown }) {
    super(code, message, options);
    this.name = "SalesApiTransportError";
  }
}

/** The upstream answered with an error status (its envelope, when readable). */
export class SalesApiHttpError extends SalesApiError {
  readonly status: number;
  readonly retryAfter: string | null;

  constructor(
    status: number,
    code: string,
    message: string,
    options: { correlationId: string | null; retryAfter?: string | null },
  ) {
    super(code, message, { correlationId: options.correlationId });
    this.name = "SalesApiHttpError";
    this.status = status;
    this.retryAfter = options.retryAfter ?? null;
  }
}

/** The upstream answered, but in a shape we cannot use. */
export class SalesApiSchemaError extends SalesApiError {
  constructor(message: string, options: { correlationId: string | null; cause?: unknown }) {
    super("schema", message, options);
    this.name = "SalesApiSchemaError";
  }
}

/** A range we were asked for cannot be fetched as given; nothing was sent. */
export class SalesApiRangeError extends SalesApiError {
  constructor(message: string) {
    super("invalid_range", message);
    this.name = "SalesApiRangeError";
  }
}

/**
 * What kind of failure this is, for messages and decisions. Every kind but "internal",
 * "storage" and "cancelled" comes from the upstream or its configuration; "internal" is a bug
 * of ours, "storage" a shared back-end of ours that cannot be reached.
 */
export type SalesApiErrorKind =
  | "invalid_request"
  | "invalid_token"
  | "forbidden"
  | "not_found"
  | "rate_limited"
  | "upstream"
  | "network"
  | "timeout"
  | "schema"
  | "config"
  | "cancelled"
  | "storage"
  | "internal";

export function errorKind(error: unknown): SalesApiErrorKind {
  if (error instanceof SalesApiHttpError) {
    if (error.status === 401) return "invalid_token";
    if (error.status === 403) return "forbidden";
    if (error.status === 404) return "not_found";
    if (error.status === 429) return "rate_limited";
    if (error.status >= 500) return "upstream";
    return "invalid_request";
  }
  if (error instanceof SalesApiSchemaError) return "schema";
  if (error instanceof SalesApiRangeError) return "invalid_request";
  if (error instanceof SalesApiTransportError) return error.code === "timeout" ? "timeout" : "network";
  if (error instanceof SalesApiConfigError) return "config";
  // PostgreSQL or Redis (the shared back-ends) could not be reached: not a bug, not the upstream.
  if (error instanceof StorageUnavailableError) return "storage";
  // The caller went away (the browser closed the download): nobody is waiting for an answer.
  // The report's own deadline (a DOMException "TimeoutError"): the upstream was too slow.
  if (typeof error === "object" && error !== null && (error as { name?: unknown }).name === "TimeoutError") return "timeout";
  if (isAbortError(error)) return "cancelled";
  // Anything else was thrown by our own code, not by the upstream: a bug, reported as ours
  // (a 500 with our reference), never as "could not be reached".
  return "internal";
}

// AbortError from an AbortSignal; ResponseAborted is what Next.js aborts a route handler's
// signal with when the browser closes the connection; TimeoutError is a deadline's.
const ABORT_NAMES = new Set(["AbortError", "ResponseAborted", "TimeoutError"]);

/** An abort of a signal: a caller went away or a deadline passed. */
export function isAbortError(error: unknown): boolean {
  return typeof error === "object" && error !== null && ABORT_NAMES.has(String((error as { name?: unknown }).name));
}
