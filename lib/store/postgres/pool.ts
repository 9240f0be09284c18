import "server-only";

// The connection pool the PostgreSQL stores share. One pool per process is enough for all
// three stores; each store also accepts a URL and then owns a pool of its own (tests, scripts).
import { Pool, type PoolClient } from "pg";
import { log } from "@/lib/log/server-log";

export interface PostgresPoolOptions {
  /** Connections this process may hold at once (pg's default is 10). */
  max?: number;
  /**
   * The schema every connection works in (its `search_path`): several deployments, or the tests'
   * files, can share one database without seeing each other's tables. Unset: the server's default.
   */
  schema?: string;
  /** How long to wait for a connection before failing; 5 s unless set. */
  connectionTimeoutMs?: number;
}

// An unreachable server must fail a request within seconds ("storage unavailable"), not hang
// it for the TCP timeout: pg waits forever by default.
const DEFAULT_CONNECTION_TIMEOUT_MS = 5_000;

// Unquoted, lower-case identifiers only, so the name needs no escaping in `-c search_path=`
// nor in SQL, and means the same thing in both.
const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

export function assertSchemaName(schema: string): void {
  if (!SCHEMA_NAME.test(schema)) throw new Error(`PostgreSQL schema "${schema}": use lower-case letters, digits and "_" (at most 63), starting with a letter or "_".`);
}

// PostgreSQL compiles a statement the planner costs high (a scan of a two-year range) with LLVM
// first: 13-280 ms a statement that the reports' scans of one account never won back. The
// Abandonment panels' statements at scale 20 took 13.3 s with it and 11.1 s without
// (docs/benchmarks.md). Off for this pool's sessions, added to a URL's own `options` (which pg
// reads instead of the pool's) unless they set `jit` themselves.
const NO_JIT = "-c jit=off";

/** The URL with `-c jit=off` added to its own startup `options`, unless they set jit; the URL as given when it has none or is not a URL. */
export function withoutJit(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url;
  }
  const own = parsed.searchParams.get("options");
  if (own === null || /\bjit\s*=/.test(own)) return url;
  parsed.searchParams.set("options", `${own} ${NO_JIT}`);
  return parsed.toString();
}

export function createPostgresPool(url: string, options: PostgresPoolOptions = {}): Pool {
  let startupOptions = NO_JIT;
  if (options.schema !== undefined) {
    assertSchemaName(options.schema);
    // pg lets the URL's own parameters override the config object, so an `options` in the URL
    // would silently drop the search_path set here: refuse the ambiguity instead.
    if (hasOptionsParameter(url)) throw new Error("The PostgreSQL URL sets `options`; set the schema there (-c search_path=...) or through `schema`, not both.");
    // Sent in the startup message, so every connection has it before its first query; a
    // `SET` on the pool's "connect" event would cost a round trip and can fail unobserved.
    startupOptions = `-c search_path=${options.schema} ${NO_JIT}`;
  }
  const pool = new Pool({
    // The URL's own options, when it has some, are what pg sends: jit=off goes with them.
    connectionString: withoutJit(url),
    max: options.max,
    connectionTimeoutMillis: options.connectionTimeoutMs ?? DEFAULT_CONNECTION_TIMEOUT_MS,
    options: startupOptions,
  });
  // An idle connection that the server drops (a restart, a failover, an administrator) makes
  // the pool emit "error"; without a listener Node turns that into an uncaught exception and
  // the whole server exits. The pool discards the connection and opens a new one when needed.
  pool.on("error", (error: Error & { code?: string }) => {
    log("warn", { event: "postgres_idle_connection_lost", errorName: error.code ?? error.name });
  });
  return pool;
}

function hasOptionsParameter(url: string): boolean {
  try {
    return new URL(url).searchParams.has("options");
  } catch {
    return false;
  }
}

/** The pool a store works on, and whether the store made it (and so ends it on close). */
export interface StorePool {
  pool: Pool;
  owned: boolean;
}

export function storePool(connection: Pool | string, options: PostgresPoolOptions = {}): StorePool {
  return typeof connection === "string" ? { pool: createPostgresPool(connection, options), owned: true } : { pool: connection, owned: false };
}

/**
 * Runs `work` in one transaction on one pooled connection: committed when it returns, rolled
 * back when it throws. For the checks that must hold across statements (a count, then an insert).
 */
export async function inTransaction<T>(pool: Pool, work: (client: PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    return await transactionOn(client, work);
  } finally {
    client.release();
  }
}

/** Runs `work` in one transaction on `client`, begun by `begin`: committed when it returns, rolled back when it throws. */
export async function transactionOn<T>(client: PoolClient, work: (client: PoolClient) => Promise<T>, begin = "BEGIN"): Promise<T> {
  await client.query(begin);
  try {
    const answer = await work(client);
    await client.query("COMMIT");
    return answer;
  } catch (error) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw error;
  }
}
