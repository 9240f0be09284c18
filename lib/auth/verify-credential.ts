import "server-only";

// Checks a credential upstream with one request before anything is stored, finds out its
// key type, and turns every failure into a sentence a person can act on.
import { createSalesApiClient, credentialFrom, errorKind, type KeyType, parseRetryAfter, type SalesApiCredential, SalesApiError, SalesApiHttpError } from "@/lib/sales-api";
import type { UpstreamTarget } from "@/lib/sales-api";
import { log, newCorrelationId } from "@/lib/log/server-log";
import { StorageUnavailableError } from "@/lib/store/storage-unavailable";

/** Which sentence a failed sign-in gets; the page words it in the reader's language (messages "auth.signInFailure"). */
export type SignInFailureReason =
  | "key_empty" | "key_whitespace" | "invalid_token" | "rate_limited" | "rate_limited_minute" | "unreachable"
  | "upstream" | "forbidden" | "internal" | "config" | "refused" | "refused_http" | "throttled";

/**
 * A failed sign-in: the English sentence (logs, next-auth's route, and the fallback), and what
 * the page needs to say it in another language. `reference` is also inside `message`.
 */
export interface SignInFailure {
  reason: SignInFailureReason;
  message: string;
  values?: Record<string, string | number>;
  reference?: string;
}

export type Verification =
  | { ok: true; credential: SalesApiCredential; keyType: KeyType }
  | ({ ok: false } & SignInFailure);

const seconds = (n: number) => `${n} second${n === 1 ? "" : "s"}`;
const detail = (error: unknown) => (error instanceof Error ? error.message : "unknown error");

export function signInFailureMessage(error: unknown): string {
  return signInFailure(error).message;
}

export function signInFailure(error: unknown): SignInFailure {
  const correlation = error instanceof SalesApiError ? error.correlationId : null;
  const ref = correlation ? ` (reference ${correlation})` : "";
  const reference = correlation ? { reference: correlation } : {};
  switch (errorKind(error)) {
    case "invalid_token":
      return { reason: "invalid_token", ...reference, message: `This credential was not accepted: it is wrong, revoked or expired. Check it, or ask the platform operator for a new one${ref}.` };
    case "rate_limited": {
      const waitMs = error instanceof SalesApiHttpError ? parseRetryAfter(error.retryAfter) : undefined;
      if (waitMs === undefined) return { reason: "rate_limited_minute", ...reference, message: `The Sales API is limiting requests for this credential. Try again in a minute${ref}.` };
      const wait = Math.max(1, Math.ceil(waitMs / 1000));
      return { reason: "rate_limited", values: { seconds: wait }, ...reference, message: `The Sales API is limiting requests for this credential. Try again in ${seconds(wait)}${ref}.` };
    }
    case "network":
    case "timeout":
      return { reason: "unreachable", values: { detail: detail(error) }, message: `The Sales API could not be reached (${detail(error)}). Try again in a moment.` };
    case "upstream":
      return { reason: "upstream", ...reference, message: `The Sales API had an internal error. Try again in a moment${ref}.` };
    case "forbidden":
      return { reason: "forbidden", ...reference, message: `This credential may not read this data. Check that it is the right key, or ask the platform operator about its scope${ref}.` };
    case "internal":
    case "cancelled": {
      // A fault of ours, not of the credential: logged with its stack under the reference shown.
      const id = newCorrelationId();
      log("error", { event: "sign_in_failed", route: "/sign-in", status: 500, kind: "internal", correlationId: id, correlationSource: "ours", errorName: error instanceof Error ? error.name : typeof error, stack: error instanceof Error ? error.stack : undefined });
      return { reason: "internal", reference: id, message: `Something went wrong on our side while checking the credential. Try again; if it persists, quote the reference ${id} to support.` };
    }
    case "config":
      return { reason: "config", values: { detail: detail(error) }, message: `Sign-in is not configured on this server (${detail(error)}). Ask the person who runs this dashboard.` };
    default:
      // The upstream's own message is not repeated: it could echo what was sent.
      if (error instanceof SalesApiHttpError) {
        return { reason: "refused_http", values: { status: error.status, code: error.code }, ...reference, message: `The Sales API refused the request (HTTP ${error.status}, ${error.code}). Check the credential and try again${ref}.` };
      }
      return { reason: "refused", ...reference, message: `The Sales API refused the request. Check the credential and try again${ref}.` };
  }
}

export async function verifyCredential(input: { apiKey: string; clientId?: string | null; target: UpstreamTarget }): Promise<Verification> {
  if (input.apiKey.trim() === "") return { ok: false, reason: "key_empty", message: "Enter your API key." };
  // A key pasted with a line break would be quoted back by the HTTP client's error.
  if (/[\s\u0000-\u001f\u007f]/.test(input.apiKey.trim()) || /[\s\u0000-\u001f\u007f]/.test(input.clientId?.trim() ?? "")) {
    return { ok: false, reason: "key_whitespace", message: "The credential contains spaces or line breaks. Paste it again as one line." };
  }
  const credential = credentialFrom(input);
  try {
    const client = createSalesApiClient({ credential, target: input.target, retry: { maxRetries: 1 } });
    return { ok: true, credential, keyType: await client.probeKeyType() };
  } catch (error) {
    // The rate budget's store (Redis) is away: not the credential's fault, said by the caller.
    if (error instanceof StorageUnavailableError) throw error;
    logUpstreamSignInFailure(error);
    return { ok: false, ...signInFailure(error) };
  }
}

// Every upstream failure at sign-in is logged (a fault of ours is logged with its reference by
// signInFailureMessage): codes, statuses and the upstream reference only, never the message,
// which could echo the key.
function logUpstreamSignInFailure(error: unknown): void {
  if (!(error instanceof SalesApiError)) return;
  const kind = errorKind(error);
  const status = error instanceof SalesApiHttpError ? error.status : undefined;
  log(kind === "upstream" || kind === "config" ? "error" : "warn", { event: "sign_in_upstream_failed", route: "/sign-in", kind, correlationId: error.correlationId, correlationSource: error.correlationId ? "upstream" : undefined, upstreamStatus: status, upstreamCode: error.code });
}
