import "server-only";

// Failed sign-ins, counted per client address and per credential fingerprint, so that keys
// cannot be guessed through the dashboard (OWASP ASVS 6.3.1). A sign-in first reserves an
// attempt on both counters, before anything is sent upstream: once either has had too many
// consecutive refusals, the attempt is answered with the wait and the upstream hears nothing,
// and reserving first holds even against a burst of concurrent attempts. A refused credential
// keeps its reservation; a success clears both counters (they count consecutive failures); any
// other outcome (the upstream away, a malformed key caught before sending) gives it back.
//
// Built like the share-link open limit (lib/sharing/open-rate-limit.ts): rate-limiter-flexible
// in memory, or in Redis when SALESDASH_REDIS_URL is set so that instances share the counts,
// with the memory limiter as insurance while Redis is away (a sign-in is never refused for it).
import { createHmac, randomBytes } from "node:crypto";
import type { Redis } from "ioredis";
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { getServerEnv } from "@/lib/env";
import { getProcessState, processShared } from "@/lib/store/process-state";
import type { SignInFailure } from "./verify-credential";

/** Consecutive refusals from one address before it waits: room for typos, none for a search. */
export const FAILURES_PER_ADDRESS = 10;
/** Consecutive refusals of one credential (whatever the address) before it waits. */
export const FAILURES_PER_CREDENTIAL = 5;
/** How long consecutive failures are remembered without a new one. */
const FAILURE_MEMORY_SECONDS = 3600;
const KEY_PREFIX = "salesdash:sign-in-fail";

export type AttemptOutcome = "success" | "refused" | "other";
export type ThrottleScope = "address" | "credential";

export type SignInAttempt =
  | { ok: true; settle(outcome: AttemptOutcome): Promise<void> }
  | { ok: false; scope: ThrottleScope; retryAfterSeconds: number };

export interface SignInThrottle {
  /** Reserves one attempt of `address` with the credential `fingerprint` (credentialFingerprint). */
  begin(address: string, fingerprint: string): Promise<SignInAttempt>;
}

export interface SignInThrottleOptions {
  redis?: Redis;
  /** How long a throttled address or credential waits (SALESDASH_SIGN_IN_WAIT_SECONDS). */
  waitSeconds: number;
  keyPrefix?: string;
}

export function createSignInThrottle(options: SignInThrottleOptions): SignInThrottle {
  const prefix = options.keyPrefix ?? KEY_PREFIX;
  const limiter = (scope: ThrottleScope, points: number): RateLimiterAbstract => {
    // The failure that goes past `points` is refused and blocks the key for the wait; when the
    // wait is over the key is gone, so the right credential then works at once.
    const settings = { points, duration: FAILURE_MEMORY_SECONDS, blockDuration: options.waitSeconds, keyPrefix: `${prefix}:${scope}` };
    const memory = new RateLimiterMemory(settings);
    return options.redis ? new RateLimiterRedis({ ...settings, storeClient: options.redis, rejectIfRedisNotReady: true, insuranceLimiter: memory }) : memory;
  };
  const limiters: Record<ThrottleScope, RateLimiterAbstract> = { address: limiter("address", FAILURES_PER_ADDRESS), credential: limiter("credential", FAILURES_PER_CREDENTIAL) };

  // A store failure the insurance limiter did not absorb lets the attempt through: a throttle
  // that cannot count must not lock everybody out.
  const reserve = async (scope: ThrottleScope, key: string): Promise<number | null> => {
    try {
      await limiters[scope].consume(key);
      return null;
    } catch (rejection) {
      return rejection instanceof RateLimiterRes ? Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)) : null;
    }
  };
  const quietly = (work: Promise<unknown>) => work.then(() => undefined, () => undefined);

  return {
    async begin(address, fingerprint) {
      const keys: Record<ThrottleScope, string> = { address, credential: fingerprint };
      const [addressWait, credentialWait] = await Promise.all([reserve("address", address), reserve("credential", fingerprint)]);
      if (addressWait !== null || credentialWait !== null) {
        // The counter that still had room gives its reservation back: nothing was tried.
        if (addressWait === null) await quietly(limiters.address.reward(address));
        if (credentialWait === null) await quietly(limiters.credential.reward(fingerprint));
        const scope: ThrottleScope = addressWait !== null && (credentialWait === null || addressWait >= credentialWait) ? "address" : "credential";
        return { ok: false, scope, retryAfterSeconds: Math.max(addressWait ?? 0, credentialWait ?? 0) };
      }
      let settled = false;
      return {
        ok: true,
        async settle(outcome) {
          if (settled) return;
          settled = true;
          if (outcome === "refused") return;
          const scopes = Object.keys(keys) as ThrottleScope[];
          await Promise.all(scopes.map((scope) => quietly(outcome === "success" ? limiters[scope].delete(keys[scope]) : limiters[scope].reward(keys[scope]))));
        },
      };
    },
  };
}

/**
 * What the credential counter counts against, never the key in clear: an HMAC under the
 * server's secret. A client ID is what Flow B guesses a key for, so it alone names the
 * credential; a Flow A key names itself.
 */
export function credentialFingerprint(input: { apiKey: string; clientId?: string | null }, secret: string | Buffer): string {
  const clientId = input.clientId?.trim();
  const material = clientId ? `B\0${clientId}` : `A\0${input.apiKey.trim()}`;
  return createHmac("sha256", secret).update(`salesdash-sign-in-throttle\0${material}`).digest("base64url");
}

/**
 * What a throttled attempt is told: the wait, in words. Which counter stopped it is not said,
 * so that an attempt learns nothing about a credential it does not hold.
 */
export function throttledSignIn(retryAfterSeconds: number): { message: string; failure: SignInFailure } {
  const wait = `${retryAfterSeconds} second${retryAfterSeconds === 1 ? "" : "s"}`;
  const message = `Too many sign-ins with a wrong credential. For your account's safety, wait ${wait} before trying again.`;
  return { message, failure: { reason: "throttled", message, values: { seconds: retryAfterSeconds } } };
}

function processThrottle(): { throttle: SignInThrottle; secret: string | Buffer } {
  return processShared("sign-in-throttle", () => {
    const env = getServerEnv();
    // Without AUTH_SECRET nobody can sign in anyway; a process-own key still keeps keys out of the counters.
    return { throttle: createSignInThrottle({ redis: getProcessState().redis, waitSeconds: env.SALESDASH_SIGN_IN_WAIT_SECONDS }), secret: env.AUTH_SECRET ?? randomBytes(32) };
  });
}

/** Reserves a sign-in attempt of `address` (clientAddress(headers)) with this credential. */
export function beginSignIn(address: string, credential: { apiKey: string; clientId?: string | null }): Promise<SignInAttempt> {
  const { throttle, secret } = processThrottle();
  return throttle.begin(address, credentialFingerprint(credential, secret));
}
