import "server-only";

// Share links over a given store: made, opened by whoever holds the token, listed and revoked
// by their owner. Every function takes `now`, so the tests and the e2e's clock decide the time.
// share-links.ts binds these to the process's store; tests bind them to the store they test.
import { log } from "@/lib/log/server-log";
import type { ReportId } from "@/lib/reports/report-definitions";
import { isActiveShareLink, MAX_ACTIVE_SHARE_LINKS, type ShareLinkMode, type ShareLinkRow, type ShareLinkStore } from "@/lib/store/share-link-store";
import { shareExpiresAt, type ShareExpiryChoice } from "./share-expiry";
import { summarizeShareLink, type ShareLinkSummary } from "./share-link-summary";
import { hashSharePassword, isAcceptableSharePassword, SHARE_PASSWORD_MAX, SHARE_PASSWORD_MIN, verifySharePassword } from "./share-password";
import { isWellFormedToken, newShareLinkId, newShareToken, shareTokenHash } from "./share-token";
import { isShareUnlocked, shareUnlockCookieName, shareUnlockValue } from "./share-unlock";
import { openSnapshot, sealSnapshot } from "./snapshot-cipher";

/** Wrong passwords in a row that lock a link, and for how long. */
export const SHARE_MAX_PASSWORD_TRIES = 10;
export const SHARE_LOCK_MS = 15 * 60_000;
const LOCK_POLICY = { maxTries: SHARE_MAX_PASSWORD_TRIES, lockMs: SHARE_LOCK_MS };
const DAY_MS = 86_400_000;

export interface ShareLinkOwner {
  identity: string;
  // The key type and the account's name travel in the snapshot the caller builds; the row
  // keeps the identity only. Accepted here so the session's account can be passed as it is.
  keyType?: "creator" | "affiliate";
  label?: string;
}

export interface NewShareLinkInput {
  account: ShareLinkOwner;
  report: ReportId;
  /** The report's query string as shared ("?" optional). */
  query: string;
  mode: ShareLinkMode;
  /** Null: the default, 7 days. */
  expiry: ShareExpiryChoice | null;
  password: string | null;
  snapshot: unknown;
  now: Date;
}

export type NewShareLinkResult =
  | { ok: true; token: string; link: ShareLinkSummary }
  | { ok: false; code: "invalid_expiry" | "invalid_password"; message: string }
  | ShareLinkLimitFailure;

/** The account holds `limit` active links already: one must be turned off (or expire) first. */
export interface ShareLinkLimitFailure {
  ok: false;
  code: "share_link_limit";
  message: string;
  values: { limit: number };
}

export type RotatedShareLinkResult =
  | { ok: true; token: string; link: ShareLinkSummary }
  | { ok: false; code: "share_link_not_active" | "share_link_unreadable"; message: string };

export interface ShareLinksOptions {
  /** Active links an account may hold at once (MAX_ACTIVE_SHARE_LINKS unless configured lower). */
  maxActive?: number;
}

/** Something a request holds cookies in: Next's `await cookies()` is one. */
export interface CookieReader {
  get(name: string): { value: string } | undefined;
}

export interface OpenShareLinkOptions {
  now: Date;
  /** The password just typed (a form's post); empty or absent: none given. */
  password?: string | null;
  /** The request's cookies: a password link opens without the password when its unlock cookie is there. */
  cookies?: CookieReader;
  /** Count this opening in views and lastOpenedAt (the page does; a download of the same view need not). */
  countView: boolean;
}

/** The cookie to set after a right password, so this browser need not type it again. */
export interface ShareUnlockCookie {
  name: string;
  value: string;
  /** Epoch milliseconds: the link's expiry. */
  expires: number;
}

export type ShareLinkOpening =
  | { kind: "not_found" }
  | { kind: "expired"; at: number }
  | { kind: "revoked"; at: number }
  | { kind: "password_required" }
  | { kind: "wrong_password"; triesLeft: number }
  | { kind: "locked"; until: number }
  /** Its snapshot does not open: sealed under another AUTH_SECRET (it was changed), or damaged. */
  | { kind: "unreadable" }
  | { kind: "ok"; link: ShareLinkSummary; snapshot: unknown; unlockCookie: ShareUnlockCookie | null };

const startOfUtcDay = (now: Date) => Math.floor(now.getTime() / DAY_MS) * DAY_MS;

const UNREADABLE = Symbol("unreadable");

/** The row's snapshot opened, or UNREADABLE (logged: the owner's operator should know why links stopped). */
function readableSnapshot(row: ShareLinkRow): unknown {
  try {
    return openSnapshot(row.id, row.snapshot);
  } catch {
    log("warn", { event: "share_snapshot_unreadable" });
    return UNREADABLE;
  }
}

function limitFailure(limit: number): ShareLinkLimitFailure {
  const message = `You have ${limit} active share links, the most an account can have. Turn one off in Shared links, then share again.`;
  return { ok: false, code: "share_link_limit", message, values: { limit } };
}

export function shareLinksOn(store: ShareLinkStore, options: ShareLinksOptions = {}) {
  const maxActive = options.maxActive ?? MAX_ACTIVE_SHARE_LINKS;

  /** Null while the account may make another link, else the refusal (checked again, atomically, when the link is stored). */
  async function shareLinkRoom(identity: string, now: Date): Promise<ShareLinkLimitFailure | null> {
    const active = (await store.list(identity)).filter((link) => isActiveShareLink(link, now.getTime())).length;
    return active < maxActive ? null : limitFailure(maxActive);
  }

  async function createShareLink(input: NewShareLinkInput): Promise<NewShareLinkResult> {
    const expiry = shareExpiresAt(input.expiry, input.now);
    if (!expiry.ok) return { ok: false, code: "invalid_expiry", message: expiry.message };
    if (input.password !== null && !isAcceptableSharePassword(input.password)) {
      return { ok: false, code: "invalid_password", message: `Choose a password of ${SHARE_PASSWORD_MIN} to ${SHARE_PASSWORD_MAX} characters, or none.` };
    }
    const [id, token, at] = [newShareLinkId(), newShareToken(), input.now.getTime()];
    const row: ShareLinkRow = {
      id,
      tokenHash: shareTokenHash(token),
      account: input.account.identity,
      report: input.report,
      query: input.query.replace(/^\?/, ""),
      mode: input.mode,
      createdAt: at,
      expiresAt: expiry.at,
      revokedAt: null,
      passwordHash: input.password === null ? null : await hashSharePassword(input.password),
      views: 0,
      lastOpenedAt: null,
      failedTries: 0,
      lockedUntil: null,
      snapshotAt: at,
      snapshot: sealSnapshot(id, input.snapshot),
    };
    if ((await store.insert(row, maxActive)) === "full") return limitFailure(maxActive);
    return { ok: true, token, link: summarizeShareLink(row, input.now) };
  }

  async function openShareLink(token: string, options: OpenShareLinkOptions): Promise<ShareLinkOpening> {
    if (!isWellFormedToken(token)) return { kind: "not_found" };
    const row = await store.findByTokenHash(shareTokenHash(token));
    if (!row) return { kind: "not_found" };
    const now = options.now.getTime();
    if (row.revokedAt !== null) return { kind: "revoked", at: row.revokedAt };
    if (now >= row.expiresAt) return { kind: "expired", at: row.expiresAt };

    let unlockCookie: ShareUnlockCookie | null = null;
    if (row.passwordHash !== null && !isShareUnlocked(row, options.cookies?.get(shareUnlockCookieName(row.id))?.value)) {
      // Checked before the password: during a lock no guess is even tried.
      if (row.lockedUntil !== null && row.lockedUntil > now) return { kind: "locked", until: row.lockedUntil };
      if (!options.password) return { kind: "password_required" };
      if (!(await verifySharePassword(options.password, row.passwordHash))) {
        const tries = await store.recordFailedTry(row.id, now, LOCK_POLICY);
        if (!tries) return { kind: "not_found" };
        if (tries.lockedUntil !== null && tries.lockedUntil > now) return { kind: "locked", until: tries.lockedUntil };
        return { kind: "wrong_password", triesLeft: SHARE_MAX_PASSWORD_TRIES - tries.failedTries };
      }
      if (row.failedTries > 0 || row.lockedUntil !== null) await store.clearFailedTries(row.id);
      unlockCookie = { name: shareUnlockCookieName(row.id), value: shareUnlockValue({ id: row.id, passwordHash: row.passwordHash }), expires: row.expiresAt };
    }

    const snapshot = readableSnapshot(row);
    // Sealed under another AUTH_SECRET (it was changed) or damaged: the link exists and is
    // open, so the holder is told its report cannot be shown here, not that it is unknown.
    if (snapshot === UNREADABLE) return { kind: "unreadable" };
    if (options.countView) {
      await store.recordView(row.id, now);
      [row.views, row.lastOpenedAt] = [row.views + 1, now];
    }
    return { kind: "ok", link: summarizeShareLink(row, options.now), snapshot, unlockCookie };
  }

  async function listShareLinks(identity: string, now: Date): Promise<ShareLinkSummary[]> {
    return (await store.list(identity)).map((record) => summarizeShareLink(record, now));
  }

  /** False for an unknown id and for another account's link: the caller cannot tell them apart. */
  function revokeShareLink(identity: string, id: string, now: Date): Promise<boolean> {
    return store.revoke(identity, id, now.getTime());
  }

  /**
   * A new address for the account's active link, the old one revoked at once: the same report,
   * range, mode, expiry, password and snapshot under a new id and token. Its views start at 0.
   */
  async function rotateShareLink(identity: string, id: string, now: Date): Promise<RotatedShareLinkResult> {
    const at = now.getTime();
    const notActive = { ok: false, code: "share_link_not_active", message: "That share link is not active any more: only an active link can get a new address." } as const;
    const old = await store.findOwned(identity, id);
    if (!old || !isActiveShareLink(old, at)) return notActive;
    const snapshot = readableSnapshot(old);
    if (snapshot === UNREADABLE) {
      return { ok: false, code: "share_link_unreadable", message: "This link's snapshot cannot be read on this server any more, so it cannot move to a new address. Turn it off and share the report again." };
    }
    const [newId, token] = [newShareLinkId(), newShareToken()];
    const row: ShareLinkRow = {
      ...old,
      id: newId,
      tokenHash: shareTokenHash(token),
      createdAt: at,
      revokedAt: null,
      views: 0,
      lastOpenedAt: null,
      failedTries: 0,
      lockedUntil: null,
      // Sealed again: a snapshot is bound to its link's id.
      snapshot: sealSnapshot(newId, snapshot),
    };
    if (!(await store.replace(identity, id, row, at))) return notActive;
    return { ok: true, token, link: summarizeShareLink(row, now) };
  }

  function deleteAccountShareLinks(identity: string): Promise<void> {
    return store.deleteAccount(identity);
  }

  /** The account's live links still open whose snapshot was built before today (UTC). */
  async function liveLinksToRefresh(identity: string, now: Date): Promise<ShareLinkSummary[]> {
    const today = startOfUtcDay(now);
    return (await listShareLinks(identity, now)).filter((link) => link.mode === "live" && link.status === "active" && link.snapshotAt < today);
  }

  /** False when the link is gone (revoked links keep their row, and may still be refreshed). */
  function replaceSnapshot(id: string, snapshot: unknown, now: Date): Promise<boolean> {
    return store.replaceSnapshot(id, sealSnapshot(id, snapshot), now.getTime());
  }

  return { shareLinkRoom, createShareLink, openShareLink, listShareLinks, revokeShareLink, rotateShareLink, deleteAccountShareLinks, liveLinksToRefresh, replaceSnapshot };
}

export type ShareLinks = ReturnType<typeof shareLinksOn>;
