import "server-only";

// Flow B access tokens shared by every dashboard instance, sealed (token-cipher.ts): one key per
// credential identity, {prefix}token:{identity}, holding "<fingerprint>.<sealed token>" with a
// Redis expiry at the token's renewal time, after which no instance would hand it out anyway.
// A token that does not open (the server secret changed, the value was tampered with) reads as
// absent: the cache exchanges a new one, which replaces it.
import type { Redis } from "ioredis";
import type { HeldToken, TokenStore } from "../token-store";
import { defineScript, type RedisScript } from "./define-script";
import { DEFAULT_KEY_PREFIX, type RedisStoreOptions } from "./store-keys";
import { deriveTokenKeys, openToken, sealToken, tokenFingerprint, type TokenKeys } from "./token-cipher";

const DELETE_IF_SAME = `
local value = redis.call('GET', KEYS[1])
if value and string.sub(value, 1, string.len(ARGV[1]) + 1) == ARGV[1] .. '.' then redis.call('DEL', KEYS[1]) end
return 0
`;

export class RedisTokenStore implements TokenStore {
  private readonly prefix: string;
  private readonly keys: TokenKeys;
  private readonly deleteIfSameScript: RedisScript;

  /** `serverSecret` is the dashboard's AUTH_SECRET: the same for every instance, never stored in Redis. */
  constructor(
    private readonly redis: Redis,
    serverSecret: string,
    options: RedisStoreOptions = {},
  ) {
    this.prefix = options.prefix ?? DEFAULT_KEY_PREFIX;
    this.keys = deriveTokenKeys(serverSecret);
    this.deleteIfSameScript = defineScript(redis, "salesdashTokenDeleteIfSame", 1, DELETE_IF_SAME);
  }

  async get(identity: string): Promise<HeldToken | undefined> {
    const value = await this.redis.get(this.key(identity));
    const dot = value?.indexOf(".") ?? -1;
    return value && dot > 0 ? openToken(this.keys, identity, value.slice(dot + 1)) : undefined;
  }

  async set(identity: string, held: HeldToken, ttlMs: number): Promise<void> {
    // A token already due for renewal is worth nothing to another instance; keep none.
    if (!(ttlMs >= 1)) {
      await this.redis.del(this.key(identity));
      return;
    }
    const value = `${tokenFingerprint(this.keys, identity, held.token)}.${sealToken(this.keys, identity, held)}`;
    await this.redis.set(this.key(identity), value, "PX", Math.ceil(ttlMs));
  }

  async deleteIfSame(identity: string, token: string): Promise<void> {
    await this.deleteIfSameScript([this.key(identity)], [tokenFingerprint(this.keys, identity, token)]);
  }

  private key(identity: string): string {
    return `${this.prefix}token:${identity}`;
  }
}
