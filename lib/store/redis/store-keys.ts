import "server-only";

// Every key a Redis store writes starts with one prefix, so that several dashboards (or a
// test run) can share a Redis database and one can be cleared with SCAN MATCH prefix*.

export const DEFAULT_KEY_PREFIX = "salesdash:";

export interface RedisStoreOptions {
  /** Prepended to every key; "salesdash:" unless given. */
  prefix?: string;
}

// The stores judge expiry by the callers' clocks (`now`), and give each key a Redis expiry only so
// that nothing is kept forever: a minute past what the key must remember, so that instances whose
// clocks disagree by less than that never find a key gone that they still count on.
export const KEY_SLACK_MS = 60_000;
