// When and how long to wait before trying a request again. Exponential backoff with full
// jitter for 5xx and network failures; the server's Retry-After for 429.

export interface RetryPolicy {
  /** Further attempts after the first, per request. */
  maxRetries: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** Longest Retry-After we honour before giving up with a rate-limited error. */
  maxRetryAfterMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { maxRetries: 4, baseDelayMs: 500, maxDelayMs: 8_000, maxRetryAfterMs: 120_000 };

/** Full jitter: uniform in [0, min(max, base · 2^attempt)]; `attempt` counts from 0. */
export function backoffDelay(attempt: number, policy: RetryPolicy, random: () => number = Math.random): number {
  const cap = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** attempt);
  return Math.round(random() * cap);
}

/** Retry-After as delta-seconds or an HTTP date; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | undefined {
  if (value === null || value.trim() === "") return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  // Only an IMF-fixdate (RFC 9110): Date.parse would read "-1" or "1.5" as some past date.
  if (!/^[A-Za-z]{3}, \d{2} [A-Za-z]{3} \d{4} \d{2}:\d{2}:\d{2} GMT$/.test(text)) return undefined;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

export function isRetryableStatus(status: number): boolean {
  return status === 429 || status >= 500;
}
