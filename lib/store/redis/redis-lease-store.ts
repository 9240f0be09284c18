import "server-only";

// Leases shared by every dashboard instance, with the SQLite mirror store's rule: a lease is
// taken if nobody holds it, if its holder's time ran out, or if the caller already holds it
// (which renews it); only the holder releases it. One hash per lease,
//   {prefix}lease:{name}  {holder, expiresAt (epoch ms, by the caller's clock)}
// read and written by one Lua script per operation, so two instances cannot both take it.
import type { Redis } from "ioredis";
import type { LeaseStore } from "../lease-store";
import { defineScript, type RedisScript } from "./define-script";
import { DEFAULT_KEY_PREFIX, KEY_SLACK_MS, type RedisStoreOptions } from "./store-keys";

const LEASE = `
local function str(n) return string.format('%.17g', n) end
local ttl = tonumber(ARGV[2])
local now = tonumber(ARGV[3])
local holder = redis.call('HGET', KEYS[1], 'holder')
if holder and holder ~= ARGV[1] and tonumber(redis.call('HGET', KEYS[1], 'expiresAt') or '0') > now then return 0 end
redis.call('HSET', KEYS[1], 'holder', ARGV[1], 'expiresAt', str(now + ttl))
redis.call('PEXPIRE', KEYS[1], str(math.max(1, math.ceil(ttl + tonumber(ARGV[4])))))
return 1
`;

const RELEASE = `
if redis.call('HGET', KEYS[1], 'holder') == ARGV[1] then redis.call('DEL', KEYS[1]) end
return 0
`;

export class RedisLeaseStore implements LeaseStore {
  private readonly prefix: string;
  private readonly leaseScript: RedisScript;
  private readonly releaseScript: RedisScript;

  constructor(redis: Redis, options: RedisStoreOptions = {}) {
    this.prefix = options.prefix ?? DEFAULT_KEY_PREFIX;
    this.leaseScript = defineScript(redis, "salesdashLease", 1, LEASE);
    this.releaseScript = defineScript(redis, "salesdashLeaseRelease", 1, RELEASE);
  }

  async lease(name: string, holder: string, ttlMs: number, now: number): Promise<boolean> {
    return Number(await this.leaseScript([this.key(name)], [holder, ttlMs, String(now), KEY_SLACK_MS])) === 1;
  }

  async releaseLease(name: string, holder: string): Promise<void> {
    await this.releaseScript([this.key(name)], [holder]);
  }

  private key(name: string): string {
    return `${this.prefix}lease:${name}`;
  }
}
