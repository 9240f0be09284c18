// Typed failures of the upstream client. A person sees `message`; support sees
// `code` and the upstream `correlationId`.

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
