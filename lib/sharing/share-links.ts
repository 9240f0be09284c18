import "server-only";

// The share links of this process's store (share-link-owner.ts): what pages and actions call.
// The functions are share-link-service.ts's, bound to the store at each call (the store is
// chosen once per process, on first use, from the environment).
import { getServerEnv } from "@/lib/env";
import { MAX_ACTIVE_SHARE_LINKS } from "@/lib/store/share-link-store";
import { getShareLinkStore } from "./share-link-owner";
import { shareLinksOn, type NewShareLinkInput, type OpenShareLinkOptions } from "./share-link-service";

export { SHARE_LOCK_MS, SHARE_MAX_PASSWORD_TRIES } from "./share-link-service";
export type { CookieReader, NewShareLinkInput, NewShareLinkResult, RotatedShareLinkResult, OpenShareLinkOptions, ShareLinkOpening, ShareLinkOwner, ShareUnlockCookie } from "./share-link-service";
export type { ShareLinkStatus, ShareLinkSummary } from "./share-link-summary";
export { isShareUnlocked, shareUnlockCookieName, shareUnlockValue } from "./share-unlock";

/** Active links an account may hold at once, on this server. */
export const shareLinkLimit = () => getServerEnv().SALESDASH_SHARE_LINK_LIMIT ?? MAX_ACTIVE_SHARE_LINKS;

const links = () => shareLinksOn(getShareLinkStore(), { maxActive: shareLinkLimit() });

export const shareLinkRoom = (identity: string, now: Date) => links().shareLinkRoom(identity, now);
export const createShareLink = (input: NewShareLinkInput) => links().createShareLink(input);
export const openShareLink = (token: string, options: OpenShareLinkOptions) => links().openShareLink(token, options);
export const listShareLinks = (identity: string, now: Date) => links().listShareLinks(identity, now);
export const revokeShareLink = (identity: string, id: string, now: Date) => links().revokeShareLink(identity, id, now);
export const rotateShareLink = (identity: string, id: string, now: Date) => links().rotateShareLink(identity, id, now);
export const deleteAccountShareLinks = (identity: string) => links().deleteAccountShareLinks(identity);
export const liveLinksToRefresh = (identity: string, now: Date) => links().liveLinksToRefresh(identity, now);
export const replaceSnapshot = (id: string, snapshot: unknown, now: Date) => links().replaceSnapshot(id, snapshot, now);
