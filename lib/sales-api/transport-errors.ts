// Turns what undici's fetch throws into a SalesApiTransportError a person can read.
import { SalesApiError, SalesApiTransportError } from "./errors";

const TLS_CODES = new Set([
  "UNABLE_TO_VERIFY_LEAF_SIGNATURE",
  "UNABLE_TO_GET_ISSUER_CERT",
  "UNABLE_TO_GET_ISSUER_CERT_LOCALLY",
  "SELF_SIGNED_CERT_IN_CHAIN",
  "DEPTH_ZERO_SELF_SIGNED_CERT",
  "CERT_HAS_EXPIRED",
  "CERT_NOT_YET_VALID",
  "CERT_UNTRUSTED",
  "ERR_TLS_CERT_ALTNAME_INVALID",
]);

type ErrorLike = { name?: unknown; code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };

function asErrorLike(value: unknown): ErrorLike | undefined {
  return typeof value === "object" && value !== null ? (value as ErrorLike) : undefined;
}

/** The first system error code along the cause chain (AggregateError included). */
function findCode(error: unknown, depth = 0): string | undefined {
  const candidate = asErrorLike(error);
  if (!candidate || depth > 5) return undefined;
  if (typeof candidate.code === "string") return candidate.code;
  if (Array.isArray(candidate.errors)) {
    for (const inner of candidate.errors) {
      const code = findCode(inner, depth + 1);
      if (code) return code;
    }
  }
  return findCode(candidate.cause, depth + 1);
}

function causeMessage(error: unknown): string {
  const cause = asErrorLike(asErrorLike(error)?.cause);
  const message = cause?.message ?? asErrorLike(error)?.message;
  return typeof message === "string" && message !== "" ? message : "unknown network error";
}

export function toTransportError(error: unknown, context: { url: URL; timeoutMs: number }): SalesApiError {
  if (error instanceof SalesApiError) return error;
  const host = context.url.host;
  const name = asErrorLike(error)?.name;
  const code = findCode(error);

  if (name === "TimeoutError" || code === "UND_ERR_CONNECT_TIMEOUT" || code === "UND_ERR_HEADERS_TIMEOUT") {
    return new SalesApiTransportError("timeout", `no answer from ${host} within ${context.timeoutMs} ms`, { cause: error });
  }
  if (code === "ECONNREFUSED") {
    return new SalesApiTransportError("connection_refused", `connection refused by ${host}`, { cause: error });
  }
  if (code === "ENOTFOUND" || code === "EAI_AGAIN") {
    return new SalesApiTransportError("dns", `host not found: ${context.url.hostname}`, { cause: error });
  }
  if (code && (TLS_CODES.has(code) || code.startsWith("ERR_TLS_") || code.startsWith("ERR_SSL_"))) {
    return new SalesApiTransportError(
      "tls",
      `TLS certificate of ${host} is not trusted (${code}); for the local sandbox set SALES_API_CA_FILE`,
      { cause: error },
    );
  }
  const message = causeMessage(error);
  if (/redirect/i.test(message)) {
    return new SalesApiTransportError("redirect", `${host} answered with a redirect, which is refused`, { cause: error });
  }
  // The underlying message is kept as the cause, not shown: an HTTP client can quote the
  // request's headers (the credential) in it.
  return new SalesApiTransportError("network", `network error talking to ${host}${code ? ` (${code})` : ""}`, { cause: error });
}
