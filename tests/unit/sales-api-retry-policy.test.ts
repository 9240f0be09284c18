import { afterEach, describe, expect, it, vi } from "vitest";
import { backoffDelay, DEFAULT_RETRY_POLICY, isRetryableStatus, parseRetryAfter, type RetryPolicy } from "@/lib/sales-api/retry-policy";

const POLICY: RetryPolicy = { maxRetries: 4, baseDelayMs: 500, maxDelayMs: 8_000, maxRetryAfterMs: 120_000 };
const ALMOST_ONE = 0.999_999_999;
const NOW = Date.UTC(2026, 9, 21, 7, 27, 30);

afterEach(() => {
  vi.restoreAllMocks();
});

describe("DEFAULT_RETRY_POLICY", () => {
  it("retries 4 times, from 500 ms up to 8 s, honouring Retry-After up to 2 minutes", () => {
    expect(DEFAULT_RETRY_POLICY).toEqual(POLICY);
  });
});

describe("backoffDelay", () => {
  it("is 0 when the random draw is 0, at every attempt", () => {
    for (let attempt = 0; attempt < 8; attempt++) expect(backoffDelay(attempt, POLICY, () => 0)).toBe(0);
  });

  it("reaches base · 2^attempt at the top of the draw", () => {
    expect(backoffDelay(0, POLICY, () => ALMOST_ONE)).toBe(500);
    expect(backoffDelay(1, POLICY, () => ALMOST_ONE)).toBe(1_000);
    expect(backoffDelay(2, POLICY, () => ALMOST_ONE)).toBe(2_000);
    expect(backoffDelay(3, POLICY, () => ALMOST_ONE)).toBe(4_000);
  });

  it("is capped at maxDelayMs", () => {
    expect(backoffDelay(4, POLICY, () => ALMOST_ONE)).toBe(8_000);
    expect(backoffDelay(5, POLICY, () => ALMOST_ONE)).toBe(8_000);
    expect(backoffDelay(30, POLICY, () => ALMOST_ONE)).toBe(8_000);
  });

  it("scales the draw uniformly over [0, cap] (full jitter)", () => {
    expect(backoffDelay(0, POLICY, () => 0.5)).toBe(250);
    expect(backoffDelay(2, POLICY, () => 0.25)).toBe(500);
    expect(backoffDelay(6, POLICY, () => 0.5)).toBe(4_000);
  });

  it("grows with the attempt until the cap", () => {
    const delays = Array.from({ length: 8 }, (_, attempt) => backoffDelay(attempt, POLICY, () => ALMOST_ONE));
    for (let i = 1; i < delays.length; i++) {
      const previous = delays[i - 1] as number;
      const current = delays[i] as number;
      if (previous < POLICY.maxDelayMs) expect(current).toBeGreaterThan(previous);
      else expect(current).toBe(POLICY.maxDelayMs);
    }
  });

  it("stays within [0, min(max, base · 2^attempt)] and is a whole number of ms", () => {
    for (let attempt = 0; attempt < 10; attempt++) {
      const cap = Math.min(POLICY.maxDelayMs, POLICY.baseDelayMs * 2 ** attempt);
      for (let draw = 0; draw < 1; draw += 0.037) {
        const delay = backoffDelay(attempt, POLICY, () => draw);
        expect(delay).toBeGreaterThanOrEqual(0);
        expect(delay).toBeLessThanOrEqual(cap);
        expect(Number.isInteger(delay)).toBe(true);
      }
    }
  });

  it("follows another policy's numbers", () => {
    const policy: RetryPolicy = { ...POLICY, baseDelayMs: 100, maxDelayMs: 250 };
    expect(backoffDelay(0, policy, () => ALMOST_ONE)).toBe(100);
    expect(backoffDelay(1, policy, () => ALMOST_ONE)).toBe(200);
    expect(backoffDelay(2, policy, () => ALMOST_ONE)).toBe(250);
  });

  it("draws from Math.random by default", () => {
    const random = vi.spyOn(Math, "random").mockReturnValue(0.5);
    expect(backoffDelay(1, POLICY)).toBe(500);
    expect(random).toHaveBeenCalledTimes(1);
  });
});

describe("parseRetryAfter", () => {
  it("reads delta-seconds as milliseconds", () => {
    expect(parseRetryAfter("5", NOW)).toBe(5_000);
    expect(parseRetryAfter("120", NOW)).toBe(120_000);
    expect(parseRetryAfter("0", NOW)).toBe(0);
  });

  it("ignores surrounding whitespace", () => {
    expect(parseRetryAfter(" 7 ", NOW)).toBe(7_000);
  });

  it("reads an HTTP date relative to the given now", () => {
    expect(parseRetryAfter("Wed, 21 Oct 2026 07:28:00 GMT", NOW)).toBe(30_000);
    expect(parseRetryAfter("Wed, 21 Oct 2026 07:28:00 GMT", NOW - 60_000)).toBe(90_000);
  });

  it("gives 0 for an HTTP date in the past", () => {
    expect(parseRetryAfter("Wed, 21 Oct 2026 07:00:00 GMT", NOW)).toBe(0);
  });

  it("uses the current time by default for an HTTP date", () => {
    vi.spyOn(Date, "now").mockReturnValue(NOW);
    expect(parseRetryAfter("Wed, 21 Oct 2026 07:27:40 GMT")).toBe(10_000);
  });

  it.each([["soon"], ["5s"], ["1e3"], ["0x10"], ["12 monkeys"]])("gives undefined for garbage %j", (value) => {
    expect(parseRetryAfter(value, NOW)).toBeUndefined();
  });

  it("gives undefined for an empty or blank header", () => {
    expect(parseRetryAfter("", NOW)).toBeUndefined();
    expect(parseRetryAfter("   ", NOW)).toBeUndefined();
  });

  it("gives undefined for an absent header", () => {
    expect(parseRetryAfter(null, NOW)).toBeUndefined();
  });

  // Date.parse is lenient ("-1" reads as a date in 2001): only delta-seconds and an HTTP date
  // count, so that a malformed value falls back to the backoff delay instead of 0.
  it.each([["-1"], ["1.5"], ["+5"], ["foo 2"]])("gives undefined for the malformed value %j", (value) => {
    expect(parseRetryAfter(value, NOW)).toBeUndefined();
  });
});

describe("isRetryableStatus", () => {
  it.each([429, 500, 502, 503, 504])("retries %i", (status) => {
    expect(isRetryableStatus(status)).toBe(true);
  });

  it.each([200, 204, 301, 400, 401, 403, 404, 409, 422])("does not retry %i", (status) => {
    expect(isRetryableStatus(status)).toBe(false);
  });
});
