import "server-only";

// Whether a failure of a PostgreSQL store means "the database cannot be reached right now"
// (answer "storage unavailable, try again") rather than a bug or a bad query (a crash worth a
// stack). Only connection-level failures count: a constraint violation or a syntax error is not
// the database being away.

// Node's socket and DNS failures on the way to the server, or of a connection it dropped.
const NETWORK_CODES = new Set(["ECONNREFUSED", "ENOTFOUND", "ETIMEDOUT", "ECONNRESET", "EPIPE", "EHOSTUNREACH", "ENETUNREACH", "EHOSTDOWN", "EAI_AGAIN"]);

// SQLSTATEs sent by a server that is there but will not serve: class 08 (connection exception),
// 57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now (starting, recovering),
// 53300 too_many_connections (every slot taken, e.g. by the other instances).
const UNAVAILABLE_STATES = new Set(["57P01", "57P02", "57P03", "53300"]);

// pg's own messages, which carry no code: a connection that ended mid-query or while idle,
// the pool's and the client's connection timeouts, and a client left broken by either.
const UNAVAILABLE_MESSAGES = [
  /connection terminated unexpectedly/i,
  /connection terminated due to connection timeout/i,
  /timeout exceeded when trying to connect/i,
  /client has encountered a connection error and is not queryable/i,
];

export function isPostgresUnavailable(error: unknown): boolean {
  return unavailable(error, 0);
}

// Node wraps the attempts at every address of a host in an AggregateError, and callers may wrap
// the driver's error in their own (`cause`): look inside, a few levels deep at most.
function unavailable(error: unknown, depth: number): boolean {
  if (depth > 4 || typeof error !== "object" || error === null) return false;
  const { code, message, errors, cause } = error as { code?: unknown; message?: unknown; errors?: unknown; cause?: unknown };
  if (typeof code === "string" && (NETWORK_CODES.has(code) || UNAVAILABLE_STATES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
  if (typeof message === "string" && UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message))) return true;
  if (Array.isArray(errors) && errors.some((inner) => unavailable(inner, depth + 1))) return true;
  return unavailable(cause, depth + 1);
}
