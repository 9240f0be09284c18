import "server-only";

// The signed-in account, read on the server from the session cookie. Everything that needs
// the credential goes through here: nothing from the browser selects an account.
//
// One request reads it once: the session (cookie, token, one vault read) is cached for the
// request's pages and layouts (React cache), and the client is built once per account read, so a
// page view reads the vault once and builds one client however many parts of it ask. The route
// and action wrappers read it once and hand it on. Reading it has no side effect: the account's
// background sync starts at sign-in and is resumed by the server (session-sync.ts).
import { cookies } from "next/headers";
import { forbidden, redirect } from "next/navigation";
import { decode } from "next-auth/jwt";
import { cache } from "react";
import { getServerEnv } from "@/lib/env";
import { StorageUnavailableError } from "@/lib/store/storage-unavailable";
import { logStorageUnavailable } from "@/lib/store/storage-unavailable-log";
import { createMirroredClient } from "@/lib/mirror/mirror-access";
import { getCredentialVault, type VaultedCredential } from "./credential-vault";
import { secureSessionCookie, sessionCookieName } from "./session-cookie";
import { decideSession, endedSessionPath, type SessionAccount, type SessionDecision } from "./session-decision";
import type { MirroredClient } from "@/lib/mirror/range-reader";

export type { SessionAccount, SessionDecision } from "./session-decision";

// Beside each account read, never in it: the account object is handed to the browser's components.
const credentials = new WeakMap<SessionAccount, VaultedCredential>();
const clients = new WeakMap<SessionAccount, Promise<MirroredClient | null>>();

/** Signed in, signed out, or a session the browser still presents but that is over; read once per request. */
export const getSessionState = cache(readSessionState);

async function readSessionState(): Promise<SessionDecision> {
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
  let vaulted: VaultedCredential | undefined;
  const decision = await decideSession({ present: true, token }, async (ref) => (vaulted = await getCredentialVault().get(ref)) !== undefined);
  if (decision.kind === "signed-in" && vaulted) credentials.set(decision.account, vaulted);
  return decision;
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
 * The Sales API client of the signed-in account, reading through the account's mirror: built
 * once per account read (with the credential that read found in the vault); null when the
 * vault entry is gone.
 */
export function getSessionClient(account: SessionAccount): Promise<MirroredClient | null> {
  let client = clients.get(account);
  if (!client) {
    client = buildSessionClient(account);
    clients.set(account, client);
    // A failed read (storage away) is not kept: the next ask tries again.
    client.catch(() => clients.delete(account));
  }
  return client;
}

async function buildSessionClient(account: SessionAccount): Promise<MirroredClient | null> {
  const vaulted = credentials.get(account) ?? (await getCredentialVault().get(account.vaultRef));
  return vaulted ? createMirroredClient({ credential: vaulted.credential, target: vaulted.target }) : null;
}

/** For creator-only pages, actions and handlers: an affiliate session gets a 403 here. */
export function assertCreator(account: SessionAccount): void {
  if (account.keyType !== "creator") forbidden();
}
