import "server-only";

// A credential and the identity we key caches, limits and tokens by: a keyed hash of the
// credential and the base URL, so that no store ever holds or logs the raw key.
import { createHmac, randomBytes } from "node:crypto";

export type SalesApiCredential =
  | { kind: "api-key"; apiKey: string }
  | { kind: "client"; clientId: string; apiKey: string };

/** Flow B (token exchange) when a clientId is given, Flow A (the key as Bearer) otherwise. */
export function credentialFrom(input: { apiKey: string; clientId?: string | null }): SalesApiCredential {
  const clientId = input.clientId?.trim();
  return clientId ? { kind: "client", clientId, apiKey: input.apiKey.trim() } : { kind: "api-key", apiKey: input.apiKey.trim() };
}

// Without an app secret the identities are stable for this process only, which is all an
// in-memory store needs.
const processKey = randomBytes(32);

export function credentialIdentity(credential: SalesApiCredential, baseUrl: string, secret?: string): string {
  const material = credential.kind === "client" ? `B\0${credential.clientId}\0${credential.apiKey}` : `A\0${credential.apiKey}`;
  return createHmac("sha256", secret ? `salesdash-identity:${secret}` : processKey)
    .update(`${baseUrl}\0${material}`)
    .digest("base64url");
}
