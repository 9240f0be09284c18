// What "signed in" means, in one place for the pages, the route handlers and next-auth's own
// /api/auth/session: a session cookie that decodes AND a credential still in the vault. A
// cookie without its vault entry (replayed after sign-out, or outliving an expired entry)
// is an ended session: it must be cleared, not bounced between a report and the sign-in page.
import type { KeyType } from "@/lib/sales-api";

export type { KeyType } from "@/lib/sales-api";

export interface SessionAccount {
  label: string;
  keyType: KeyType;
  target: "production" | "staging";
  vaultRef: string;
}

/** Why a session is over; shown on the sign-in page. "forgotten": the person chose "Forget my data". */
export type SessionEndReason = "credential-gone" | "invalid" | "forgotten";

export type SessionDecision =
  | { kind: "signed-in"; account: SessionAccount }
  | { kind: "signed-out" }
  | { kind: "ended"; reason: SessionEndReason; vaultRef?: string };

/** The decoded session token's claims; null when a cookie was there but did not decode. */
export type DecodedSession = Record<string, unknown> | null;

export async function decideSession(
  cookie: { present: false } | { present: true; token: DecodedSession },
  vaultHasEntry: (vaultRef: string) => Promise<boolean>,
): Promise<SessionDecision> {
  if (!cookie.present) return { kind: "signed-out" };
  const token = cookie.token;
  // Another app secret, tampering, or a token from before a format change.
  if (!token || typeof token.vaultRef !== "string" || token.vaultRef === "") return { kind: "ended", reason: "invalid" };
  if (token.keyType !== "creator" && token.keyType !== "affiliate") return { kind: "ended", reason: "invalid", vaultRef: token.vaultRef };
  if (!(await vaultHasEntry(token.vaultRef))) return { kind: "ended", reason: "credential-gone", vaultRef: token.vaultRef };
  return {
    kind: "signed-in",
    account: { label: String(token.label ?? ""), keyType: token.keyType, target: token.target === "staging" ? "staging" : "production", vaultRef: token.vaultRef },
  };
}

const END_REASONS: Record<SessionEndReason, string> = {
  "credential-gone": "Your session has ended (the stored credential is gone). Sign in again.",
  invalid: "Your session has ended (this server can no longer read it). Sign in again.",
  forgotten: "You are signed out, and the stored copy of your account's records on this server was deleted. Signing in again starts a new copy.",
};

/** The reason named in a URL's `reason` parameter, if it is one of ours. */
export function parseEndReason(value: string | string[] | undefined): SessionEndReason | null {
  const reason = Array.isArray(value) ? value[0] : value;
  return reason !== undefined && Object.hasOwn(END_REASONS, reason) ? (reason as SessionEndReason) : null;
}

export function sessionEndedSentence(reason: SessionEndReason): string {
  return END_REASONS[reason];
}

/** Where a page sends an ended session: the handler that clears its cookie, then the sign-in page. */
export function endedSessionPath(reason: SessionEndReason, callbackPath?: string): string {
  const query = new URLSearchParams({ reason });
  if (callbackPath) query.set("callbackUrl", callbackPath);
  return `/session-ended?${query}`;
}
