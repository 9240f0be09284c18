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

/** A day's opened digest payload: the digest, and what the day's records broke. */
export interface OpenedDigest {
  digest: unknown;
  invalid?: unknown[];
  oddShapes?: number;
}

// The digest itself is held weakly (what a request keeps while it reads: the range reader's map
// of digests, the merge's list), its day's few notes strongly beside it until it is collected.
interface Held {
  digest: WeakRef<object>;
  invalid?: unknown[];
  oddShapes?: number;
}

// One map for the process: a production build of Next.js loads a module once per route bundle,
// and a map per bundle would not share a ZIP's days with a page's (process-state.ts).
const SHARED = Symbol.for("salesdash.opened-digests");
const { opened, forget } = ((globalThis as { [SHARED]?: { opened: Map<string, Held>; forget: FinalizationRegistry<string> } })[SHARED] ??= (() => {
  const map = new Map<string, Held>();
  return {
    opened: map,
    forget: new FinalizationRegistry<string>((key) => {
      if (map.get(key)?.digest.deref() === undefined) map.delete(key);
    }),
  };
})());

/** What names a mirror key among the shared digests (not the key itself). */
export const keyTag = (key: Buffer): string => createHash("sha256").update("salesdash opened digests\n").update(key).digest("base64url").slice(0, 22);

/** The payload the sealed bytes hold, opened by `open` unless a request holds its digest opened already. */
export function sharedDigest(name: string, sealed: Uint8Array, open: () => OpenedDigest): OpenedDigest {
  // The sealing's random IV and its tag (its first 28 bytes, read with 4 more) and its length tell one sealing from another.
  const key = `${name}\n${Buffer.from(sealed.buffer, sealed.byteOffset, Math.min(32, sealed.byteLength)).toString("base64")}\n${sealed.byteLength}`;
  const held = opened.get(key);
  const digest = held?.digest.deref();
  if (held && digest !== undefined) return { digest, invalid: held.invalid, oddShapes: held.oddShapes };
  const payload = open();
  // A digest that is a number (a day's count) is as cheap to open again as to share.
  if (typeof payload.digest === "object" && payload.digest !== null) {
    opened.set(key, { digest: new WeakRef(payload.digest), invalid: payload.invalid, oddShapes: payload.oddShapes });
    forget.register(payload.digest, key);
  }
  return payload;
}
