import "server-only";

// The cookie that remembers, for one browser, that a password link's password was given: an
// HMAC (key from AUTH_SECRET) of the link's id and its password hash. It opens that link only,
// and stops opening it when the password changes; revocation and expiry are checked before it
// is read. It is not the password, nor anything a guess can be checked against offline.
import { createHmac, timingSafeEqual } from "node:crypto";
import { getShareKeys } from "./share-keys";

interface Lockable {
  id: string;
  passwordHash: string | null;
}

/** One cookie per link, so a browser can hold several unlocked links. */
export function shareUnlockCookieName(linkId: string): string {
  return `salesdash-share.${linkId}`;
}

export function shareUnlockValue(link: Lockable & { passwordHash: string }, key: Buffer = getShareKeys().unlock): string {
  return createHmac("sha256", key).update(`${link.id}\0${link.passwordHash}`, "utf8").digest("base64url");
}

export function isShareUnlocked(link: Lockable, cookieValue: string | null | undefined, key: Buffer = getShareKeys().unlock): boolean {
  if (link.passwordHash === null || !cookieValue) return false;
  const expected = Buffer.from(shareUnlockValue({ id: link.id, passwordHash: link.passwordHash }, key), "utf8");
  const given = Buffer.from(cookieValue, "utf8");
  return given.length === expected.length && timingSafeEqual(given, expected);
}
