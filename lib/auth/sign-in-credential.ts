import "server-only";

// Signing in with a Sales API credential, in one place for the sign-in action and next-auth's
// Credentials provider: the credential is checked upstream, sealed in the vault for the
// session's lifetime, the account's background sync starts, and what the session will hold
// (a vault reference, never the key) is returned. Every failure is a sentence without the key.
import { getServerEnv } from "@/lib/env";
import { StorageUnavailableError } from "@/lib/store/storage-unavailable";
import { logStorageUnavailable } from "@/lib/store/storage-unavailable-log";
import { accountLabel } from "./account-label";
import { getCredentialVault } from "./credential-vault";
import type { SignedInAccount } from "./session-claims";
import { startSessionSync } from "./session-sync";
import { verifyCredential, type SignInFailure } from "./verify-credential";

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
  | { ok: false; code: "credential_refused"; message: string; failure?: SignInFailure }
  | { ok: false; code: "storage_unavailable"; message: string; reference: string };

export async function signInWithCredential(input: SignInInput): Promise<SignInOutcome> {
  const env = getServerEnv();
  const target = input.target === "staging" && env.SALES_API_STAGING_BASE_URL ? "staging" : "production";
  const result = await verifyCredential({ apiKey: input.apiKey, clientId: input.clientId || undefined, target });
  if (!result.ok) {
    const { reason, message, values, reference } = result;
    return { ok: false, code: "credential_refused", message, failure: { reason, message, values, reference } };
  }
  let vaultRef: string;
  try {
    vaultRef = await getCredentialVault().put({ credential: result.credential, target }, env.SESSION_MAX_AGE_SECONDS * 1000);
  } catch (error) {
    if (!(error instanceof StorageUnavailableError)) throw error;
    const reference = logStorageUnavailable("sign_in_storage_unavailable", error);
    return {
      ok: false,
      code: "storage_unavailable",
      message: `Storage unavailable: the dashboard cannot reach its database right now, so it cannot keep your sign-in. Try again in a moment (reference ${reference}).`,
      reference,
    };
  }
  startSessionSync(vaultRef, result.credential, target, result.keyType);
  return { ok: true, account: { vaultRef, label: accountLabel(input.name ?? undefined, result.keyType, result.credential.apiKey), keyType: result.keyType, target } };
}
