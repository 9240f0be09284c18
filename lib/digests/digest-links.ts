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

/**
 * Whether "done" in a link page's address is true now (the outcome travels in the redirect's
 * URL, which anyone could write): the subscription is confirmed, or gone. Unknown (the store
 * away) is not true.
 */
export async function linkDoneHolds(purpose: LinkPurpose, token: string | null | undefined, deps: LinkDeps = defaults()): Promise<boolean> {
  const id = readLinkToken(deps.keys, purpose, token);
  if (!id) return false;
  try {
    const subscription = await deps.store.get(id);
    return purpose === "confirm" ? subscription?.confirmedAt != null : subscription === null;
  } catch {
    return false;
  }
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
