import "server-only";

// A share link's snapshot at rest: compressed, then sealed with AES-256-GCM under a key derived
// from AUTH_SECRET (share-keys.ts), with a fresh IV per seal and the link's id as associated
// data, so a snapshot copied onto another link's row does not open. Unlike the mirror's key,
// this one does not involve the account's credential: a shared page is opened by people who
// have none. A snapshot holds the report's aggregates only (its builder leaves customers'
// personal data out), under the same protection as the credential vault.
import { openJson, sealJson } from "@/lib/store/sealed-bytes";
import { getShareKeys } from "./share-keys";

export function sealSnapshot(linkId: string, snapshot: unknown, key: Buffer = getShareKeys().snapshot): Buffer {
  return sealJson(key, linkId, snapshot, 6);
}

/** Throws when the key, the link id or the bytes do not match. */
export function openSnapshot(linkId: string, sealed: Buffer, key: Buffer = getShareKeys().snapshot): unknown {
  return openJson(key, linkId, sealed);
}
