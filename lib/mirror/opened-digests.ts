import "server-only";

// Day digests opened recently, shared by the requests that read the same days while one of them
// still holds them (issue #25 point 8): eight two-year requests started together opened the same
// 1,100-1,460 day summaries each, ~10,000 decryptions and parses on the event loop in the first
// seconds, while a sign-in waited. Held weakly: a digest no request holds any more is collected as
// before, so this keeps no memory of its own; a later request finds it only if it was not.
// The key names the mirror key (a hash of it: a cache with another key must open the bytes itself,
// and fail), the account, resource, day and digest format, and the sealed bytes' own nonce: one
// sealing of the day's digest, opened once. Digests are never written to by their readers (the
// merge copies what it changes), as the opened records the range reader keeps in memory are not.
import { createHash } from "node:crypto";

const opened = new Map<string, WeakRef<object>>();
const forget = new FinalizationRegistry<string>((key) => {
  if (opened.get(key)?.deref() === undefined) opened.delete(key);
});

/** What names a mirror key among the shared digests (not the key itself). */
export const keyTag = (key: Buffer): string => createHash("sha256").update("salesdash opened digests\n").update(key).digest("base64url").slice(0, 22);

/** The digest the sealed bytes hold, opened by `open` unless a request holds it opened already. */
export function sharedDigest<T extends object>(name: string, sealed: Uint8Array, open: () => T): T {
  // The sealing's random nonce (the first bytes) and length tell one sealing from another.
  const key = `${name}\n${Buffer.from(sealed.buffer, sealed.byteOffset, Math.min(32, sealed.byteLength)).toString("base64")}\n${sealed.byteLength}`;
  const held = opened.get(key)?.deref();
  if (held) return held as T;
  const value = open();
  opened.set(key, new WeakRef(value));
  forget.register(value, key);
  return value;
}

