import "server-only";

// At start (instrumentation.ts), before the first request: the PostgreSQL schema created or
// migrated, Redis answering. A back-end that cannot be reached stops the instance with a
// message naming its variable (never its value, which may hold a password): an instance that
// cannot keep sessions or share the rate budget must not take traffic.
import { getServerEnv } from "@/lib/env";
import { migratePostgres } from "./postgres/migrate";
import { getProcessState } from "./process-state";
import { getDatabasePool } from "./shared-backends";

export class SharedBackendStartError extends Error {
  constructor(readonly variable: string, what: string, cause: unknown) {
    super(`${variable}: ${what} (${describeCause(cause)}). Check that it is running and reachable from this machine, or unset ${variable} to use the embedded store.`, { cause });
    this.name = "SharedBackendStartError";
  }
}

function describeCause(cause: unknown): string {
  const code = (cause as { code?: unknown })?.code;
  const message = cause instanceof Error ? cause.message : String(cause);
  // Driver messages name hosts and ports, not passwords; the URL itself is never repeated.
  return typeof code === "string" && !message.includes(code) ? `${code}: ${message}` : message;
}

/** Host and port of a connection URL, without its user or password. */
export function whereOf(url: string): string {
  try {
    const { hostname, port } = new URL(url);
    return port ? `${hostname}:${port}` : hostname;
  } catch {
    return "the configured address";
  }
}

export async function prepareSharedBackends(): Promise<void> {
  const env = getServerEnv();
  const pool = getDatabasePool();
  if (pool && env.SALESDASH_DATABASE_URL) {
    try {
      await migratePostgres(pool);
    } catch (error) {
      throw new SharedBackendStartError("SALESDASH_DATABASE_URL", `PostgreSQL at ${whereOf(env.SALESDASH_DATABASE_URL)} could not be reached or migrated`, error);
    }
  }
  const redis = getProcessState().redis;
  if (redis && env.SALESDASH_REDIS_URL) {
    try {
      await redis.ping();
    } catch (error) {
      throw new SharedBackendStartError("SALESDASH_REDIS_URL", `Redis at ${whereOf(env.SALESDASH_REDIS_URL)} could not be reached`, error);
    }
  }
}
