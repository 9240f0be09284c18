import "server-only";

// The shared back-ends of a dashboard run as several instances: PostgreSQL
// (SALESDASH_DATABASE_URL) for the vault, the mirror and the account settings; Redis
// (SALESDASH_REDIS_URL) for the rate budget, Flow B tokens and windows in flight. One connection of each per process, on the process state (a production build loads
// modules once per route bundle). Every store on them is guarded: an outage is "storage
// unavailable", never a crash. Unset, the embedded stores serve, exactly as before.
import type { Pool } from "pg";
import { getServerEnv } from "@/lib/env";
import { isPostgresUnavailable } from "./postgres/errors";
import { createPostgresPool } from "./postgres/pool";
import { getProcessState } from "./process-state";
import { guardStore } from "./storage-unavailable";

/** The process's PostgreSQL pool; undefined when SALESDASH_DATABASE_URL is unset. */
export function getDatabasePool(): Pool | undefined {
  const url = getServerEnv().SALESDASH_DATABASE_URL;
  if (!url) return undefined;
  const state = getProcessState();
  // Each call holds a connection for one query: ten serve an instance (instances x 10 must stay under max_connections).
  state.database ??= createPostgresPool(url, { max: 10 });
  return state.database;
}

/** A store on PostgreSQL, its outages told as StorageUnavailableError. */
export const onPostgres = <T extends object>(store: T): T => guardStore(store, "postgres", isPostgresUnavailable);
