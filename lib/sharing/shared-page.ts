import "server-only";

// What opening a share link answers, for its page and its downloads alike: the IP's opening
// budget first (a token cannot be guessed, and must not be tried for either), then the link,
// unlocked by the cookie a right password set for this link's path.
import { openShareLink, type CookieReader, type ShareLinkOpening } from "./share-links";
import { clientIp, consumeShareOpen } from "./open-rate-limit";
import { readSharedSnapshot, type SharedSnapshot } from "./shared-snapshot";

export type SharedPageAnswer =
  | Exclude<ShareLinkOpening, { kind: "ok" }>
  | { kind: "rate_limited"; retryAfterSeconds: number }
  | { kind: "ok"; snapshot: SharedSnapshot; link: { expiresAt: number; mode: "fixed" | "live" } };

export async function openSharedPage(token: string, request: { headers: Headers; cookies: CookieReader; countView: boolean; now?: Date }): Promise<SharedPageAnswer> {
  const limit = await consumeShareOpen(clientIp(request.headers));
  if (!limit.ok) return { kind: "rate_limited", retryAfterSeconds: limit.retryAfterSeconds };
  const opened = await openShareLink(token, { now: request.now ?? new Date(), cookies: request.cookies, countView: request.countView });
  if (opened.kind !== "ok") return opened;
  const snapshot = readSharedSnapshot(opened.snapshot);
  if (!snapshot) return { kind: "unreadable" };
  return { kind: "ok", snapshot, link: { expiresAt: opened.link.expiresAt, mode: opened.link.mode } };
}
