import "server-only";

// A credential and the identities we key things by: keyed hashes, so that no store ever holds
// or logs the raw key. The account's identity (rate budget, caches, mirror, settings, saved
// views, share links) is the API key's alone: the contract counts its limits per client, and
// the same key signed in by Flow A and by Flow B is one client with one budget. Only Flow B's
// access tokens are kept per (clientId, key) pair: a token was issued to that pair.
import { createHmac } from "node:crypto";

export type SalesApiCredential =
  | { kind: "api-key"; apiKey: string }
  | { kind: "client"; clientId: string; apiKey: string };

/** Flow B (token exchange) when a clientId is given, Flow A (the key as Bearer) otherwise. */
export function credentialFrom(input: { apiKey: string; clientId?: string | null }): SalesApiCredential {
  const clientId = input.clientId?.trim();
  return clientId ? { kind: "client", clientId, apiKey: input.apiKey.trim() } : { kind: "api-key", apiKey: input.apiKey.trim() };
}

/**
 * What an account's identity and its mirror key are derived from, whatever the flow: the API
 * key. (Written as Flow A's material always was, so Flow A's identities and mirrors stay.)
 */
export function accountKeyMaterial(credential: SalesApiCredential): string {
  return `A\0${credential.apiKey}`;
}

function fingerprint(material: string, baseUrl: string, key: string | Buffer): string {
  return createHmac("sha256", typeof key === "string" ? `salesdash-identity:${key}` : key)
    .update(`${baseUrl}\0${material}`)
    .digest("base64url");
}

/**
 * The account's identity: a keyed hash of the API key and the base URL, the same for Flow A
 * and Flow B. `key` is the app secret, or without one a random key of the process (lib/store's
 * process state): identities are then stable for this process only, which is all an in-memory
 * store needs.
 */
export function credentialIdentity(credential: SalesApiCredential, baseUrl: string, key: string | Buffer): string {
  return fingerprint(accountKeyMaterial(credential), baseUrl, key);
}

/** Where a Flow B access token is kept: per (clientId, key) pair; the account's identity for Flow A, which has none. */
export function tokenIdentity(credential: SalesApiCredential, baseUrl: string, key: string | Buffer): string {
  return credential.kind === "client" ? fingerprint(`B\0${credential.clientId}\0${credential.apiKey}`, baseUrl, key) : credentialIdentity(credential, baseUrl, key);
}
