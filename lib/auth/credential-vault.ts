import "server-only";

// The only place a signed-in user's credential is kept: sealed at rest, found by an opaque
// reference that the session carries instead of the key.
import { randomBytes } from "node:crypto";
import { z } from "zod";
import { getServerEnv } from "@/lib/env";
import type { SalesApiCredential } from "@/lib/sales-api";
import { vaultStore } from "@/lib/store/app-stores";
import { processShared } from "@/lib/store/process-state";
import type { VaultStore } from "@/lib/store/vault-store";
import { deriveVaultKey, seal, unseal } from "@/lib/store/vault-cipher";

const vaultedSchema = z.object({
  credential: z.discriminatedUnion("kind", [
    z.object({ kind: z.literal("api-key"), apiKey: z.string() }),
    z.object({ kind: z.literal("client"), clientId: z.string(), apiKey: z.string() }),
  ]),
  target: z.enum(["production", "staging"]),
  // Absent from entries vaulted before the server resumed syncs itself: those are not resumed.
  keyType: z.enum(["creator", "affiliate"]).optional(),
  // When its owner chose to keep it for digests and alerts (lib/auth/kept-key.ts); a session's has none.
  keptAt: z.number().int().optional(),
});

export type VaultedCredential = z.infer<typeof vaultedSchema> & { credential: SalesApiCredential };

// The latest instant a Date can hold: a kept key has no expiry, and the stores' column is one.
const KEPT_UNTIL = 8_640_000_000_000_000;

export class CredentialVault {
  private readonly key: Buffer;

  constructor(private readonly store: VaultStore, appSecret: string, private readonly clock: () => number = Date.now) {
    this.key = deriveVaultKey(appSecret);
  }

  async put(value: VaultedCredential, ttlMs: number): Promise<string> {
    const ref = randomBytes(32).toString("base64url");
    await this.store.put(ref, seal(this.key, JSON.stringify(value), ref), this.clock() + ttlMs);
    return ref;
  }

  /** Under a name of the caller's (a kept key's), with no expiry: until it is removed. */
  async keep(ref: string, value: VaultedCredential): Promise<void> {
    await this.store.put(ref, seal(this.key, JSON.stringify(value), ref), KEPT_UNTIL);
  }

  /** The credential, or undefined when the entry is gone, expired or does not decrypt. */
  async get(ref: string): Promise<VaultedCredential | undefined> {
    const sealed = await this.store.get(ref, this.clock());
    return sealed === undefined ? undefined : this.open(ref, sealed);
  }

  /** Whether the vault still holds (and can open) the credential a session refers to. */
  async has(ref: string): Promise<boolean> {
    return (await this.get(ref)) !== undefined;
  }

  /** Answers whether this call removed it (of several racing, one does). */
  remove(ref: string): Promise<boolean> {
    return this.store.delete(ref);
  }

  /** Every entry still held that opens: the signed-in sessions, for the server to keep their accounts synced. */
  async live(): Promise<Array<{ ref: string; value: VaultedCredential }>> {
    return (await this.store.entries(this.clock())).flatMap(({ ref, sealed }) => {
      const value = this.open(ref, sealed);
      return value ? [{ ref, value }] : [];
    });
  }

  private open(ref: string, sealed: string): VaultedCredential | undefined {
    try {
      return vaultedSchema.parse(JSON.parse(unseal(this.key, sealed, ref)));
    } catch {
      return undefined; // another app secret, or tampering: treat as signed out
    }
  }
}

/** The process's vault, on the store lib/store built (PostgreSQL when configured, else SQLite). */
export function getCredentialVault(): CredentialVault {
  return processShared("credential-vault", () => {
    const secret = getServerEnv().AUTH_SECRET;
    if (!secret) throw new Error("AUTH_SECRET is not set: sign-in needs it to encrypt credentials and sign sessions.");
    return new CredentialVault(vaultStore(), secret);
  });
}
