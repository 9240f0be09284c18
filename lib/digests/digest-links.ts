import "server-only";

// What a digest's signed links do: confirm an address (the first digest then goes to it) and
// unsubscribe it in one click (RFC 8058: the mail client POSTs, no sign-in, no page). The token
// names the subscription and is signed for one purpose; nothing else of the request is read.
import { digestStore } from "@/lib/store/app-stores";
import type { DigestStore } from "@/lib/store/digest-store";
import { StorageUnavailableError } from "@/lib/store/storage-unavailable";
import { getDigestKeys, readLinkToken, type DigestKeys, type LinkPurpose } from "./digest-keys";

/** done: confirmed or unsubscribed (an address unsubscribed twice is done too); invalid: the link is not one of ours, or the subscription is gone; unavailable: the store could not be reached. */
export type LinkOutcome = "done" | "invalid" | "unavailable";

export interface LinkDeps {
  store: DigestStore;
  keys: DigestKeys;
  now: () => number;
}

const defaults = (): LinkDeps => ({ store: digestStore(), keys: getDigestKeys(), now: Date.now });

async function guarded(work: () => Promise<LinkOutcome>): Promise<LinkOutcome> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof StorageUnavailableError) return "unavailable";
    throw error;
  }
}

/** The subscription a link names, for a page to say what it is about (the language); null when the token does not hold. */
export function linkSubscription(purpose: LinkPurpose, token: string | null | undefined, deps: LinkDeps = defaults()) {
  const id = readLinkToken(deps.keys, purpose, token);
  return id ? deps.store.get(id).catch(() => null) : Promise.resolve(null);
}

export function confirmByLink(token: string | null | undefined, deps: LinkDeps = defaults()): Promise<LinkOutcome> {
  return guarded(async () => {
    const id = readLinkToken(deps.keys, "confirm", token);
    return id && (await deps.store.confirm(id, deps.now())) ? "done" : "invalid";
  });
}

export function unsubscribeByLink(token: string | null | undefined, deps: LinkDeps = defaults()): Promise<LinkOutcome> {
  return guarded(async () => {
    const id = readLinkToken(deps.keys, "unsubscribe", token);
    if (!id) return "invalid";
    await deps.store.delete(id); // gone already: still unsubscribed
    return "done";
  });
}
