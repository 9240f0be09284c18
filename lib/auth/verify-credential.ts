import "server-only";

// Checks a credential upstream with one request before anything is stored, finds out its
// key type, and turns every failure into a sentence a person can act on.
import { createSalesApiClient, credentialFrom, errorKind, SalesApiHttpError, type KeyType, type SalesApiCredential, type SalesApiError } from "@/lib/sales-api";
import { parseRetryAfter } from "@/lib/sales-api/retry-policy";
import type { UpstreamTarget } from "@/lib/sales-api/transport";

export type Verification =
  | { ok: true; credential: SalesApiCredential; keyType: KeyType }
  | { ok: false; message: string };

export function signInFailureMessage(error: unknown): string {
  const correlation = (error as SalesApiError | undefined)?.correlationId;
  const ref = correlation ? ` (reference ${correlation})` : "";
  switch (errorKind(error)) {
    case "invalid_token":
      return `This credential was not accepted: it is wrong, revoked or expired. Check it, or ask the platform operator for a new one${ref}.`;
    case "rate_limited": {
      const waitMs = error instanceof SalesApiHttpError ? parseRetryAfter(error.retryAfter) : undefined;
      const wait = waitMs !== undefined ? `in ${Math.max(1, Math.ceil(waitMs / 1000))} seconds` : "in a minute";
      return `The Sales API is limiting requests for this credential. Try again ${wait}${ref}.`;
    }
    case "network":
    case "timeout":
      return `The Sales API could not be reached (${(error as Error).message}). Try again in a moment.`;
    case "upstream":
      return `The Sales API had an internal error. Try again in a moment${ref}.`;
    case "config":
      return `Sign-in is not configured on this server: ${(error as Error).message}`;
    default:
      return `The Sales API refused the check: ${(error as Error).message}${ref}.`;
  }
}

export async function verifyCredential(input: { apiKey: string; clientId?: string | null; target: UpstreamTarget }): Promise<Verification> {
  if (input.apiKey.trim() === "") return { ok: false, message: "Enter your API key." };
  const credential = credentialFrom(input);
  try {
    const client = createSalesApiClient({ credential, target: input.target, retry: { maxRetries: 1 } });
    return { ok: true, credential, keyType: await client.probeKeyType() };
  } catch (error) {
    return { ok: false, message: signInFailureMessage(error) };
  }
}
