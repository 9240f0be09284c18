import "server-only";

// The browser keys its cached reports by this, so that a tab that signs out and in with
// another key never shows the first account's figures: a one-way digest of the session's
// vault entry (a new one at every sign-in), which tells nothing about the credential.
import { createHash } from "node:crypto";
import type { SessionAccount } from "./session-decision";

export function sessionScope(account: SessionAccount): string {
  return "scope:" + createHash("sha256").update(`salesdash-query-scope:${account.vaultRef}`).digest("base64url").slice(0, 22);
}
