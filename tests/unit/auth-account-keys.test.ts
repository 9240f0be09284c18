// The accounts whose key the server holds (lib/auth/account-keys.ts), what the digests' tick runs
// for: each account once, by the identity its client has, its kept key before a session's (it
// outlives them); an entry vaulted without its key type, an expired session, left out.
import { afterAll, beforeEach, expect, it, vi } from "vitest";

vi.stubEnv("AUTH_SECRET", "account-keys-unit-test-secret-0123456789abcdef");
vi.stubEnv("SALES_API_BASE_URL", "https://api.sales.example");
afterAll(() => vi.unstubAllEnvs());

const { heldAccountKeys } = await import("@/lib/auth/account-keys");
const { CredentialVault } = await import("@/lib/auth/credential-vault");
const { keptKeyRef } = await import("@/lib/auth/kept-key");
const { createSalesApiClient } = await import("@/lib/sales-api");
const { MemoryVaultStore } = await import("@/lib/store/vault-store");

const T0 = 1_900_000_000_000;
const HOUR = 3_600_000;
const A = { kind: "api-key" as const, apiKey: "sak_account_a_0123456789" };
const B = { kind: "api-key" as const, apiKey: "sak_account_b_0123456789" };
const C = { kind: "api-key" as const, apiKey: "sak_account_c_0123456789" };
const identityOf = (credential: typeof A) => createSalesApiClient({ credential, target: "production" }).identity;

let now: number;
let vault: InstanceType<typeof CredentialVault>;
beforeEach(() => {
  now = T0;
  vault = new CredentialVault(new MemoryVaultStore(), "account-keys-unit-test-secret-0123456789abcdef", () => now);
});

it("answers each account once, by its client's identity, its kept key before its sessions", async () => {
  const a = identityOf(A);
  await vault.put({ credential: A, target: "production", keyType: "creator" }, 8 * HOUR);
  await vault.keep(keptKeyRef(a), { credential: A, target: "production", keyType: "creator", keptAt: T0 });
  await vault.put({ credential: A, target: "production", keyType: "creator" }, 8 * HOUR);
  const sessionB = await vault.put({ credential: B, target: "production", keyType: "affiliate" }, HOUR);
  // Vaulted before the server knew key types: left to its next sign-in.
  await vault.put({ credential: C, target: "production" }, 8 * HOUR);
  const held = await heldAccountKeys(vault);
  expect([...held.keys()].sort()).toEqual([a, identityOf(B)].sort());
  expect(held.get(a)?.ref).toBe(keptKeyRef(a));
  expect(held.get(identityOf(B))).toMatchObject({ ref: sessionB, value: { keyType: "affiliate", credential: B } });
  // B's session ends: B's key is no longer held; A's kept key still is.
  now = T0 + 2 * HOUR;
  expect([...(await heldAccountKeys(vault)).keys()]).toEqual([a]);
});
