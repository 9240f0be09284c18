import "server-only";

// Checks a credential upstream with one request before anything is stored, finds out its
// key type, and turns every failure into a sentence a person can act on.
import { createSalesApiClient, credentialFrom, errorKind, SalesApiHttpError, type KeyType, type SalesApiCredential, SalesApiError } from "@/lib/sales-api";
import { parseRetryAfter } from "@/lib/sales-api/retry-policy";
import type { UpstreamTarget } from "@/lib/sales-api/transport";
import { log, newCorrelationId } from "@/lib/log/server-log";

export type Verification =
  | { ok: true; credential: SalesApiCredential; keyType: KeyType }
  | { ok: false; message: string };

const seconds = (n: number) => `${n} second${n === 1 ? "" : "s"}`;
const detail = (error: unknown) => (error instanceof Error ? error.message : "unknown error");

export function signInFailureMessage(error: unknown): string {
  const correlation = error instanceof SalesApiError ? error.correlationId : null;
  const ref = correlation ? ` (reference ${correlation})` : "";
  switch (errorKind(error)) {
    case "invalid_token":
      return `This credential was not accepted: it is wrong, revoked or expired. Check it, or ask the platform operator for a new one${ref}.`;
    case "rate_limited": {
      const waitMs = error instanceof SalesApiHttpError ? parseRetryAfter(error.retryAfter) : undefined;
      const wait = waitMs !== undefined ? `in ${seconds(Math.max(1, Math.ceil(waitMs / 1000)))}` : "in a minute";
      return `The Sales API is limiting requests for this credential. Try again ${wait}${ref}.`;
    }
    case "network":
    case "timeout":
      return `The Sales API could not be reached (${detail(error)}). Try again in a moment.`;
    case "upstream":
      return `The Sales API had an internal error. Try again in a moment${ref}.`;
    case "forbidden":
      return `This credential may not read this data. Check that it is the right key, or ask the platform operator about its scope${ref}.`;
    case "internal":
    case "cancelled": {
      // A fault of ours, not of the credential: logged with its stack under the reference shown.
      const id = newCorrelationId();
      log("error", { event: "sign_in_failed", route: "/sign-in", status: 500, kind: "internal", correlationId: id, correlationSource: "ours", errorName: error instanceof Error ? error.name : typeof error, stack: error instanceof Error ? error.stack : undefined });
      return `Something went wrong on our side while checking the credential. Try again; if it persists, quote the reference ${id} to support.`;
    }
    case "config":
      return `Sign-in is not configured on this server (${detail(error)}). Ask the person who runs this dashboard.`;
    default:
      // The upstream's own message is not repeated: it could echo what was sent.
      return `The Sales API refused the request${error instanceof SalesApiHttpError ? ` (HTTP ${error.status}, ${error.code})` : ""}. Check the credential and try again${ref}.`;
  }
}

export async function verifyCredential(input: { apiKey: string; clientId?: string | null; target: UpstreamTarget }): Promise<Verification> {
  if (input.apiKey.trim() === "") return { ok: false, message: "Enter your API key." };
  // A key pasted with a line break would be quoted back by the HTTP client's error.
  if (/[\s\u0000-\u001f\u007f]/.test(input.apiKey.trim()) || /[\s\u0000-\u001f\u007f]/.test(input.clientId?.trim() ?? "")) {
    return { ok: false, message: "The credential contains spaces or line breaks. Paste it again as one line." };
  }
  const credential = credentialFrom(input);
  try {
    const client = createSalesApiClient({ credential, target: input.target, retry: { maxRetries: 1 } });
    return { ok: true, credential, keyType: await client.probeKeyType() };
  } catch (error) {
    logUpstreamSignInFailure(error);
    return { ok: false, message: signInFailureMessage(error) };
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
