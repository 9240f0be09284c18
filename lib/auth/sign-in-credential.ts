import "server-only";

// Signing in with a Sales API credential, in one place for the sign-in action and next-auth's
// Credentials provider: the credential is checked upstream, sealed in the vault for the
// session's lifetime, the account's background sync starts, and what the session will hold
// (a vault reference, never the key) is returned. Every failure is a sentence without the key.
import { getServerEnv } from "@/lib/env";
import { log } from "@/lib/log/server-log";
import { StorageUnavailableError } from "@/lib/store/storage-unavailable";
import { logStorageUnavailable } from "@/lib/store/storage-unavailable-log";
import { accountLabel } from "./account-label";
import { getCredentialVault } from "./credential-vault";
import type { SignedInAccount } from "./session-claims";
import { startSessionSync } from "./session-sync";
import { beginSignIn, throttledSignIn, type AttemptOutcome } from "./sign-in-throttle";
import { verifyCredential, type SignInFailure, type SignInFailureReason } from "./verify-credential";

export interface SignInInput {
  apiKey: string;
  /** Empty or absent: the API key alone (Flow A); else the client credentials (Flow B). */
  clientId?: string | null;
  /** The label the person chose; empty for the key type and the key's last four characters. */
  name?: string | null;
  /** "staging" only counts when a staging URL is configured. */
  target?: string | null;
}

export type SignInOutcome =
  | { ok: true; account: SignedInAccount }
  | { ok: false; code: "credential_refused" | "throttled"; message: string; failure?: SignInFailure }
  | { ok: false; code: "storage_unavailable"; message: string; reference: string };

// The refusals that are the credential's own, and count towards the throttle: not an upstream
// away or busy, nor a key refused here before anything was sent.
const REFUSALS: ReadonlySet<SignInFailureReason> = new Set(["invalid_token", "forbidden", "refused", "refused_http"]);

/** `clientAddress`: where the attempt came from (clientAddress of the request's headers), for the throttle. */
export async function signInWithCredential(input: SignInInput, clientAddress: string): Promise<SignInOutcome> {
  // Before anything reaches the upstream: a throttled address or credential gets the wait only.
  const attempt = await beginSignIn(clientAddress, { apiKey: input.apiKey, clientId: input.clientId });
  if (!attempt.ok) {
    // For whoever runs the dashboard: a search for keys shows in the log (no address, no key).
    log("warn", { event: "sign_in_throttled", route: "/sign-in", status: 429, kind: attempt.scope });
    return { ok: false, code: "throttled", ...throttledSignIn(attempt.retryAfterSeconds) };
  }
  let outcome: AttemptOutcome = "other";
  try {
    const result = await signInChecked(input);
    outcome = result.ok ? "success" : result.code === "credential_refused" && result.failure && REFUSALS.has(result.failure.reason) ? "refused" : "other";
    return result;
  } catch (error) {
    if (!(error instanceof StorageUnavailableError)) throw error;
    // The rate budget (Redis) or the vault (PostgreSQL) is away: said as such, and logged.
    const reference = logStorageUnavailable("sign_in_storage_unavailable", error);
    return {
      ok: false,
      code: "storage_unavailable",
      message: `Storage unavailable: the dashboard cannot reach its database or cache right now, so it cannot sign you in. Try again in a moment (reference ${reference}).`,
      reference,
    };
  } finally {
    await attempt.settle(outcome);
  }
}

async function signInChecked(input: SignInInput): Promise<SignInOutcome> {
  const env = getServerEnv();
  const target = input.target === "staging" && env.SALES_API_STAGING_BASE_URL ? "staging" : "production";
  const result = await verifyCredential({ apiKey: input.apiKey, clientId: input.clientId || undefined, target });
  if (!result.ok) {
    const { reason, message, values, reference } = result;
    return { ok: false, code: "credential_refused", message, failure: { reason, message, values, reference } };
  }
  const vaultRef = await getCredentialVault().put({ credential: result.credential, target, keyType: result.keyType }, env.SESSION_MAX_AGE_SECONDS * 1000);
  startSessionSync(vaultRef, result.credential, target, result.keyType);
  return { ok: true, account: { vaultRef, label: accountLabel(input.name ?? undefined, result.keyType, result.credential.apiKey), keyType: result.keyType, target } };
}
