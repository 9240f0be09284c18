import "server-only";

// The digests' keys, derived (HKDF) from AUTH_SECRET, one per use: sealing the addresses at
// rest, telling one address from another without opening it, and signing the links of a
// confirmation and of a one-click unsubscribe. Derived, not state.
import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";
import { getServerEnv } from "@/lib/env";
import { openBytes, sealBytes } from "@/lib/store/sealed-bytes";

export interface DigestKeys {
  address: Buffer;
  addressKey: Buffer;
  link: Buffer;
}

export function deriveDigestKeys(serverSecret: string): DigestKeys {
  const derive = (info: string) => Buffer.from(hkdfSync("sha256", serverSecret, "salesdash/digests", info, 32));
  return { address: derive("address aes-256-gcm v1"), addressKey: derive("address hmac-sha256 v1"), link: derive("link hmac-sha256 v1") };
}

let memo: { secret: string; keys: DigestKeys } | undefined;

/** Throws without AUTH_SECRET: nobody signs in then, so nobody can have subscribed. */
export function getDigestKeys(): DigestKeys {
  const secret = getServerEnv().AUTH_SECRET;
  if (!secret) throw new Error("AUTH_SECRET is not set: digests need it to seal addresses and sign their links.");
  if (memo?.secret !== secret) memo = { secret, keys: deriveDigestKeys(secret) };
  return memo.keys;
}

/** An address as compared: "Ana@Example.com " and "ana@example.com" are one inbox. */
export const normaliseAddress = (address: string): string => address.normalize("NFKC").trim().toLowerCase();

export const addressKeyOf = (keys: DigestKeys, address: string): string => createHmac("sha256", keys.addressKey).update(normaliseAddress(address)).digest("base64url");

/** Sealed with the subscription's id bound in: a sealed address cannot be moved to another subscription. */
export const sealAddress = (keys: DigestKeys, subscriptionId: string, address: string): Buffer => sealBytes(keys.address, `digest-address:${subscriptionId}`, Buffer.from(address.trim(), "utf8"));

export const openAddress = (keys: DigestKeys, subscriptionId: string, sealed: Buffer): string => openBytes(keys.address, `digest-address:${subscriptionId}`, sealed).toString("utf8");

export type LinkPurpose = "confirm" | "unsubscribe";

/** A link's token: the subscription's id and a signature of it for one purpose (a confirmation token cannot unsubscribe). */
export function linkToken(keys: DigestKeys, purpose: LinkPurpose, subscriptionId: string): string {
  const mac = createHmac("sha256", keys.link).update(`${purpose}\0${subscriptionId}`).digest("base64url");
  return `${subscriptionId}.${mac}`;
}

/** The subscription a token names, when its signature holds for the purpose; null otherwise. */
export function readLinkToken(keys: DigestKeys, purpose: LinkPurpose, token: string | null | undefined): string | null {
  const match = /^([A-Za-z0-9_-]{8,64})\.([A-Za-z0-9_-]{43})$/.exec(token ?? "");
  if (!match) return null;
  const expected = Buffer.from(linkToken(keys, purpose, match[1]!).split(".")[1]!, "utf8");
  const given = Buffer.from(match[2]!, "utf8");
  return expected.length === given.length && timingSafeEqual(expected, given) ? match[1]! : null;
}
