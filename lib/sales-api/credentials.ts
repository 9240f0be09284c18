import "server-only";

// A credential and the identity we key caches, limits and tokens by: a keyed hash of the
// credential and the base URL, so that no store ever holds or logs the raw key.
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
 * `key` is the app secret, or without one a random key of the process (lib/store's process
 * state): identities are then stable for this process only, which is all an in-memory store needs.
 */
export function credentialIdentity(credential: SalesApiCredential, baseUrl: string, key: string | Buffer): string {
  const material = credential.kind === "client" ? `B\0${credential.clientId}\0${credential.apiKey}` : `A\0${credential.apiKey}`;
  return createHmac("sha256", typeof key === "string" ? `salesdash-identity:${key}` : key)
    .update(`${baseUrl}\0${material}`)
    .digest("base64url");
}
