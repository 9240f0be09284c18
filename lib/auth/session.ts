import "server-only";

// The signed-in account, read on the server from the session cookie. Everything that needs
// the credential goes through here: nothing from the browser selects an account.
import { cookies } from "next/headers";
import { forbidden, redirect } from "next/navigation";
import { decode } from "next-auth/jwt";
import { getServerEnv } from "@/lib/env";
import { StorageUnavailableError } from "@/lib/store/storage-unavailable";
import { logStorageUnavailable } from "@/lib/store/storage-unavailable-log";
import { createMirroredClient } from "@/lib/mirror/mirror-access";
import type { SalesApiClient } from "@/lib/sales-api";
import { getCredentialVault } from "./credential-vault";
import { secureSessionCookie, sessionCookieName } from "./session-cookie";
import { startSessionSync } from "./session-sync";
import { decideSession, endedSessionPath, type SessionAccount, type SessionDecision } from "./session-decision";

export type { SessionAccount, SessionDecision } from "./session-decision";

/** Signed in, signed out, or a session the browser still presents but that is over. */
export async function getSessionState(): Promise<SessionDecision> {
  // The request comes first, before anything can return early: reading cookies is what makes
  // every page and handler that calls this dynamic. A build made without AUTH_SECRET once
  // returned before it and prerendered the reports as a fixed redirect to /sign-in.
  const jar = await cookies();
  // Only the name of this dashboard's scheme: over HTTPS an unprefixed cookie is someone else's.
  const raw = jar.get(sessionCookieName(secureSessionCookie(getServerEnv().NEXTAUTH_URL)))?.value;
  if (!raw) return { kind: "signed-out" };
  const secret = getServerEnv().AUTH_SECRET;
  // Sign-in is not configured on this server: nothing can be verified, nobody is signed in.
  if (!secret) return { kind: "signed-out" };
  const token = await decode({ token: raw, secret }).catch(() => null);
  return decideSession({ present: true, token }, (ref) => getCredentialVault().has(ref));
}

/**
 * For pages: the session state, or a redirect to the "storage unavailable" page when the vault's
 * database cannot be reached (a shared back-end away), with a reference logged for support.
 */
export async function getPageSessionState(callbackPath?: string): Promise<SessionDecision> {
  try {
    return await getSessionState();
  } catch (error) {
    if (!(error instanceof StorageUnavailableError)) throw error;
    const reference = logStorageUnavailable("page_storage_unavailable", error);
    const query = new URLSearchParams({ ref: reference });
    if (callbackPath) query.set("callbackUrl", callbackPath);
    redirect(`/unavailable?${query}`);
  }
}

export async function getSessionAccount(): Promise<SessionAccount | null> {
  const state = await getSessionState();
  return state.kind === "signed-in" ? state.account : null;
}

/**
 * For pages: the signed-in account, or a redirect. Signed out goes to the sign-in page; an
 * ended session goes to the handler that clears its cookie first (a server component cannot).
 */
export async function requireSessionAccount(callbackPath?: string): Promise<SessionAccount> {
  const state = await getPageSessionState(callbackPath);
  if (state.kind === "signed-in") return state.account;
  if (state.kind === "ended") redirect(endedSessionPath(state.reason, callbackPath));
  redirect(callbackPath ? `/sign-in?callbackUrl=${encodeURIComponent(callbackPath)}` : "/sign-in");
}

/**
 * The Sales API client of the signed-in account, reading through the account's mirror; null
 * when signed out or the vault entry is gone. Any request of a session (re)starts the account's
 * background sync, so a restarted server resumes it.
 */
export async function getSessionClient(account: SessionAccount): Promise<SalesApiClient | null> {
  const vault = getCredentialVault();
  const vaulted = await vault.get(account.vaultRef);
  if (!vaulted) return null;
  const client = createMirroredClient({ credential: vaulted.credential, target: vaulted.target });
  startSessionSync(account.vaultRef, vaulted.credential, vaulted.target, account.keyType, client.identity);
  return client;
}


/** For creator-only pages, actions and handlers: an affiliate session gets a 403 here. */
export function assertCreator(account: SessionAccount): void {
  if (account.keyType !== "creator") forbidden();
}
