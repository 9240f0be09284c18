import "server-only";

// The credential's request budget shared by every dashboard instance: MemoryRateLimitStore's
// sliding log, kept in Redis and changed only by Lua scripts, so that two instances taking at
// the same moment cannot both see the last free slot. Per key:
//   {prefix}rate:{key}:log    sorted set, one member per request taken, scored by its time
//   {prefix}rate:{key}:day    hash {day, count}: requests taken in the UTC day `day`
//   {prefix}rate:{key}:pause  the time (epoch ms) before which nothing is sent, after a 429
// The key sits in braces so that, on a Redis Cluster, the three keys of a script share a slot.
// Times come from the caller (`now`), as with the memory store, never from Redis's clock: the
// tests drive a fake clock, and the upstream counts by the time requests leave, not by Redis's.
import { randomUUID } from "node:crypto";
import type { Redis } from "ioredis";
import type { RateLimits, RateLimitStore, TakeResult } from "../rate-limit-store";
import { defineScript, type RedisScript } from "./define-script";
import { DEFAULT_KEY_PREFIX, KEY_SLACK_MS, type RedisStoreOptions } from "./store-keys";

// pause(key, until) is not told the time, so its key cannot be set to expire at `until`: the first
// take after `until` deletes it, and it expires after a day anyway, far beyond the longest pause
// the client sets (it gives up on a Retry-After over two minutes, DEFAULT_RETRY_POLICY).
const DEFAULT_PAUSE_RETENTION_MS = 86_400_000;

// The script answers "ok" or the wait in milliseconds, as a string: an integer reply would
// truncate a fractional wait below 1 ms to 0. Numbers go back to Redis through %.17g: Lua's own tostring (%.14g) would round an epoch time
// in milliseconds once it has more than 14 digits.
const TAKE = `
local function str(n) return string.format('%.17g', n) end
local now = tonumber(ARGV[1])
local perMinute = tonumber(ARGV[2])
local window = tonumber(ARGV[3])
local perDay = tonumber(ARGV[4])
local slack = tonumber(ARGV[6])
local DAY = 86400000
-- A take ioredis sent again after a reconnection, once it had already counted: answer it alike.
if redis.call('ZSCORE', KEYS[1], ARGV[5]) then return 'ok' end
local paused = tonumber(redis.call('GET', KEYS[3]) or '0')
if paused > now then return str(paused - now) end
if paused ~= 0 then redis.call('DEL', KEYS[3]) end
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', str(now - window))
local today = math.floor(now / DAY)
local count = 0
if tonumber(redis.call('HGET', KEYS[2], 'day') or '-1') == today then
  count = tonumber(redis.call('HGET', KEYS[2], 'count') or '0')
end
if count >= perDay then return str((today + 1) * DAY - now) end
local sent = redis.call('ZCARD', KEYS[1])
if sent >= perMinute then
  -- The request whose leaving the window frees a slot.
  local oldest = redis.call('ZRANGE', KEYS[1], sent - perMinute, sent - perMinute, 'WITHSCORES')
  return str(math.max(1, tonumber(oldest[2]) + window - now))
end
redis.call('ZADD', KEYS[1], ARGV[1], ARGV[5])
redis.call('PEXPIRE', KEYS[1], str(math.ceil(window + slack)))
redis.call('HSET', KEYS[2], 'day', str(today), 'count', str(count + 1))
redis.call('PEXPIRE', KEYS[2], str(math.ceil((today + 1) * DAY - now + slack)))
return 'ok'
`;

const PAUSE = `
local current = tonumber(redis.call('GET', KEYS[1]) or '0')
if tonumber(ARGV[1]) > current then redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2]) end
return 0
`;

export interface RedisRateLimitStoreOptions extends RedisStoreOptions {
  /** How long a pause key is kept when no take deletes it; a day unless given. */
  pauseRetentionMs?: number;
}

export class RedisRateLimitStore implements RateLimitStore {
  private readonly prefix: string;
  private readonly pauseRetentionMs: number;
  private readonly takeScript: RedisScript;
  private readonly pauseScript: RedisScript;

  constructor(redis: Redis, options: RedisRateLimitStoreOptions = {}) {
    this.prefix = options.prefix ?? DEFAULT_KEY_PREFIX;
    this.pauseRetentionMs = options.pauseRetentionMs ?? DEFAULT_PAUSE_RETENTION_MS;
    this.takeScript = defineScript(redis, "salesdashRateTake", 3, TAKE);
    this.pauseScript = defineScript(redis, "salesdashRatePause", 1, PAUSE);
  }

  async take(key: string, now: number, limits: RateLimits): Promise<TakeResult> {
    const windowMs = limits.windowMs + limits.safetyMarginMs;
    const args = [String(now), limits.perMinute, windowMs, limits.perDay, randomUUID(), KEY_SLACK_MS];
    const answer = String(await this.takeScript(this.keys(key), args));
    return answer === "ok" ? { ok: true } : { ok: false, waitMs: Number(answer) };
  }

  async pause(key: string, until: number): Promise<void> {
    await this.pauseScript([this.keys(key)[2]], [String(until), this.pauseRetentionMs]);
  }

  private keys(key: string): [log: string, day: string, pause: string] {
    const base = `${this.prefix}rate:{${key}}`;
    return [`${base}:log`, `${base}:day`, `${base}:pause`];
  }
}
