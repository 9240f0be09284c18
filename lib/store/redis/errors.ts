import "server-only";

// Whether a failure of a Redis-backed store means "Redis cannot be reached now" (the store's
// state is unknown, try later or degrade) rather than a bug or a misconfiguration. Matched by
// code, name and message because ioredis raises plain Errors for most of these and does not
// export MaxRetriesPerRequestError from its entry point.

/** Socket-level codes: the server refused, reset, or never answered the connection. */
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "EHOSTDOWN",
  "ENETUNREACH",
  "ENETDOWN",
  "ENOTFOUND",
  "EAI_AGAIN",
]);

/** The error names ioredis gives when it gave up on a command for want of a connection. */
const UNAVAILABLE_NAMES = new Set(["MaxRetriesPerRequestError", "ClusterAllFailedError"]);

/** ioredis's own messages for a command that could not reach a server. */
const UNAVAILABLE_MESSAGES = [
  /^Connection is closed\.?$/,
  /^Stream isn't writeable and enableOfflineQueue options is false$/,
  /^Command timed out$/,
  /^Socket timeout\b/,
  /^Reached the max retries per request limit\b/,
  /^None of startup nodes is available$/,
];

// Replies by which a reachable server says it cannot serve now: still loading its data, busy
// with a script, a replica without its master, a failover under way. They pass; a wrong
// password (WRONGPASS, NOAUTH) or a full memory (OOM) does not, and is not matched.
const UNAVAILABLE_REPLIES = /^(LOADING|BUSY|MASTERDOWN|CLUSTERDOWN|TRYAGAIN|READONLY)\b/;

/** True for failures that mean Redis is unreachable or not serving: callers may retry later or degrade. */
export function isRedisUnavailable(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 4) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string" && NETWORK_CODES.has(code)) return true;
  if (UNAVAILABLE_NAMES.has(error.name)) return true;
  if (UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(error.message))) return true;
  if (error.name === "ReplyError" && UNAVAILABLE_REPLIES.test(error.message)) return true;
  // Node reports a failed connection to a name with several addresses as an AggregateError of
  // one failure per address; a caller may also wrap the original in `cause`.
  if (error instanceof AggregateError && error.errors.some((inner) => isRedisUnavailable(inner, depth + 1))) return true;
  return isRedisUnavailable(error.cause, depth + 1);
}
