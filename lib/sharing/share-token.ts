import "server-only";

// A share link's secret and its name. The token (in the URL, /s/<token>) is 32 random bytes; the
// server keeps only its SHA-256, so a copy of the database gives no working link. The id (16
// random bytes) names the link in the owner's list and in revocation; it opens nothing.
import { createHash, randomBytes } from "node:crypto";
import { z } from "zod";

const TOKEN_BYTES = 32;
const ID_BYTES = 16;

// base64url without padding: 32 bytes are exactly 43 characters, the last of which carries
// only 4 bits (its low 2 bits are zero: one of A, E, I, M, Q, U, Y, c, g, k, o, s, w, 0, 4, 8).
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{42}[AEIMQUYcgkosw048]$/;

export function newShareToken(): string {
  return randomBytes(TOKEN_BYTES).toString("base64url");
}

export function newShareLinkId(): string {
  return randomBytes(ID_BYTES).toString("base64url");
}

/** What the store keys a link by: hex SHA-256 of the token. */
export function shareTokenHash(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

/** Only what newShareToken can make; anything else is refused before the store is asked. */
export function isWellFormedToken(value: unknown): value is string {
  return typeof value === "string" && TOKEN_PATTERN.test(value);
}

/** What the owner's actions (turn off, new address) accept as a link's id: newShareLinkId's shape. */
export const shareLinkIdInput = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{22}$/, { error: "That share link is not known." }) });
