// What stands between an authenticated request and its answer: forced faults (test
// controls) and the per-client rate limit, with Retry-After in the configured format.
import type { Account } from "./accounts";
import type { Controls } from "./controls";
import { ApiError } from "./http";
import type { RateLimiter } from "./rate-limiter";

function retryAfter(seconds: number, controls: Controls): Record<string, string> {
  const value = controls.retryAfterFormat === "http-date" ? new Date(Date.now() + seconds * 1000).toUTCString() : String(seconds);
  return { "retry-after": value };
}

export function passGate(account: Account, controls: Controls, limiter: RateLimiter): void {
  if (controls.fail429Next > 0) {
    controls.fail429Next--;
    throw new ApiError(429, "rate_limited", "Rate limit exceeded (forced by a test control)", retryAfter(controls.retryAfterSeconds, controls));
  }
  const decision = limiter.take(account.clientId, controls.ratePerMinute, controls.ratePerDay, Date.now(), controls.rateWindowMs);
  if (!decision.ok) {
    const what = decision.scope === "minute" ? `${controls.ratePerMinute} requests per ${controls.rateWindowMs === 60_000 ? "minute" : `${controls.rateWindowMs} ms`}` : `${controls.ratePerDay} requests per day`;
    throw new ApiError(429, "rate_limited", `Rate limit of ${what} exceeded; retry after ${decision.retryAfterSeconds} s`, retryAfter(decision.retryAfterSeconds, controls));
  }
  if (controls.fail5xxNext > 0 || (controls.errorRate5xx > 0 && Math.random() < controls.errorRate5xx)) {
    if (controls.fail5xxNext > 0) controls.fail5xxNext--;
    throw new ApiError(controls.status5xx, "internal_error", "Internal error; retry later");
  }
}
