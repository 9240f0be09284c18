import { describe, expect, it } from "vitest";
import { deriveDigestKeys, linkToken, readLinkToken } from "@/lib/digests/digest-keys";
import { confirmByLink, unsubscribeByLink, type LinkDeps } from "@/lib/digests/digest-links";
import { MemoryDigestStore, type DigestStore } from "@/lib/store/digest-store";
import { StorageUnavailableError } from "@/lib/store/storage-unavailable";

// A digest's links: each token is signed for one purpose and one subscription; confirming and
// one-click unsubscribing do what they say with a good token, nothing with any other, and say
// "unavailable" (not a crash) when the store is away.
const keys = deriveDigestKeys("digest-links-secret-0123456789abcdef0123");
const subscription = { id: "sub-abcdefgh", account: "acct", sealedAddress: Buffer.from("x"), addressKey: "k", cadence: "weekly" as const, locale: "en", timeZone: "UTC", keyType: "creator" as const, createdAt: 1, confirmedAt: null };

async function deps(store: DigestStore = new MemoryDigestStore()): Promise<LinkDeps> {
  await store.create({ ...subscription }).catch(() => undefined);
  return { store, keys, now: () => 42 };
}

describe("digest links", () => {
  it("a token names its subscription for its purpose only, and no other key signs it", () => {
    const token = linkToken(keys, "confirm", subscription.id);
    expect(readLinkToken(keys, "confirm", token)).toBe(subscription.id);
    expect(readLinkToken(keys, "unsubscribe", token)).toBeNull();
    expect(readLinkToken(deriveDigestKeys("another-secret-0123456789abcdef01234567"), "confirm", token)).toBeNull();
    expect(readLinkToken(keys, "confirm", token.replace(/.$/, (c) => (c === "A" ? "B" : "A")))).toBeNull();
    expect(readLinkToken(keys, "confirm", `other-subscription.${token.split(".")[1]}`)).toBeNull();
    for (const bad of [null, undefined, "", "x", "a.b", `${token}x`]) expect(readLinkToken(keys, "confirm", bad)).toBeNull();
  });

  it("confirms with a confirmation token, once; nothing with another token", async () => {
    const d = await deps();
    expect(await confirmByLink(linkToken(keys, "unsubscribe", subscription.id), d)).toBe("invalid");
    expect((await d.store.get(subscription.id))?.confirmedAt).toBeNull();
    expect(await confirmByLink(linkToken(keys, "confirm", subscription.id), d)).toBe("done");
    expect((await d.store.get(subscription.id))?.confirmedAt).toBe(42);
    expect(await confirmByLink(linkToken(keys, "confirm", "gone-subscription"), d)).toBe("invalid");
  });

  it("unsubscribes with an unsubscribe token (twice is still done); nothing with another token", async () => {
    const d = await deps();
    expect(await unsubscribeByLink(linkToken(keys, "confirm", subscription.id), d)).toBe("invalid");
    expect(await d.store.get(subscription.id)).not.toBeNull();
    expect(await unsubscribeByLink(linkToken(keys, "unsubscribe", subscription.id), d)).toBe("done");
    expect(await d.store.get(subscription.id)).toBeNull();
    expect(await unsubscribeByLink(linkToken(keys, "unsubscribe", subscription.id), d)).toBe("done");
  });

  it("says the store is unavailable, changing nothing, when it cannot be reached", async () => {
    const away = new MemoryDigestStore();
    const fail = async () => { throw new StorageUnavailableError("postgres", new Error("connection refused")); };
    Object.assign(away, { confirm: fail, delete: fail });
    const d = await deps(away);
    expect(await confirmByLink(linkToken(keys, "confirm", subscription.id), d)).toBe("unavailable");
    expect(await unsubscribeByLink(linkToken(keys, "unsubscribe", subscription.id), d)).toBe("unavailable");
  });
});
