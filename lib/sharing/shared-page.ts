import "server-only";

// What opening a share link answers, for its page and its downloads alike: the IP's opening
// budget first (a token cannot be guessed, and must not be tried for either), then the link,
// unlocked by the cookie a right password set for this link's path. While PostgreSQL (the links'
// store) is away, "storage unavailable" with a logged reference, as the reports say it.
import { reportFailure } from "@/lib/reports/server/report-failure";
import { StorageUnavailableError } from "@/lib/store/storage-unavailable";
import { openShareLink, type CookieReader, type ShareLinkOpening } from "./share-links";
import { clientAddress } from "@/lib/http/client-address";
import { consumeShareOpen } from "./open-rate-limit";
import { readSharedSnapshot, type SharedSnapshot } from "./shared-snapshot";

export type SharedPageAnswer =
  | Exclude<ShareLinkOpening, { kind: "ok" }>
  | { kind: "rate_limited"; retryAfterSeconds: number }
  | { kind: "unreadable" }
  | { kind: "storage_unavailable"; status: number; message: string; reference: string }
  | { kind: "ok"; snapshot: SharedSnapshot; link: { expiresAt: number; mode: "fixed" | "live" } };

export async function openSharedPage(token: string, request: { headers: Headers; cookies: CookieReader; countView: boolean; now?: Date; route?: string }): Promise<SharedPageAnswer> {
  try {
    return await openShared(token, request);
  } catch (error) {
    if (!(error instanceof StorageUnavailableError)) throw error;
    // The report routes' path: one log line (the token stays out of it) and the sentence with its reference.
    const { status, failure } = reportFailure(error, request.route ?? "/s/[token]", { event: "share_storage_unavailable" });
    return { kind: "storage_unavailable", status, message: `${failure.title}. ${failure.action}`, reference: failure.correlationId ?? "" };
  }
}

async function openShared(token: string, request: { headers: Headers; cookies: CookieReader; countView: boolean; now?: Date }): Promise<SharedPageAnswer> {
  const limit = await consumeShareOpen(clientAddress(request.headers));
  if (!limit.ok) return { kind: "rate_limited", retryAfterSeconds: limit.retryAfterSeconds };
  const opened = await openShareLink(token, { now: request.now ?? new Date(), cookies: request.cookies, countView: request.countView });
  if (opened.kind !== "ok") return opened;
  const snapshot = readSharedSnapshot(opened.snapshot);
  if (!snapshot) return { kind: "unreadable" };
  return { kind: "ok", snapshot, link: { expiresAt: opened.link.expiresAt, mode: opened.link.mode } };
}
