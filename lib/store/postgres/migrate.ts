import "server-only";

// Brings the database's schema up to date with node-pg-migrate's runner, before any store is
// used. Every instance runs it at start: the runner takes a PostgreSQL advisory lock, so when
// several start together one migrates and the others wait, then find nothing left to run.
import path from "node:path";
import { runner } from "node-pg-migrate";
import type { Pool, PoolClient } from "pg";
import { assertSchemaName, createPostgresPool } from "./pool";

/** The table where node-pg-migrate records which migrations ran. */
export const MIGRATIONS_TABLE = "salesdash_migrations";

// Plain .sql files, read at run time from the repository: `next start` runs from the
// repository's root, and node-pg-migrate loads .sql without a TypeScript loader. A build that
// copies the server elsewhere (output: "standalone") must copy this folder along.
export const MIGRATIONS_DIR = path.join(process.cwd(), "lib/store/postgres/migrations");

export interface MigratePostgresOptions {
  /** Where the tables (and the migrations table) go; created if missing. Unset: the connection's current schema. */
  schema?: string;
  /** Another folder of migrations (tests). */
  dir?: string;
  /** How long to wait for another instance's migration (or a table lock) before failing; 60 s unless set. */
  lockTimeoutMs?: number;
  /** Where node-pg-migrate's progress lines go; nowhere unless set. */
  log?: (message: string) => void;
}

/** Runs the migrations not yet run; answers their names (none when the schema is up to date). */
export async function migratePostgres(connection: Pool | string, options: MigratePostgresOptions = {}): Promise<string[]> {
  if (options.schema !== undefined) assertSchemaName(options.schema);
  const pool = typeof connection === "string" ? createPostgresPool(connection, { max: 1, schema: options.schema }) : connection;
  try {
    const client = await pool.connect();
    try {
      return await migrateOn(client, options);
    } finally {
      // The runner leaves session state on the connection (its search_path; its advisory lock,
      // should the unlock have failed): destroy it rather than hand it back to the pool.
      client.release(true);
    }
  } finally {
    if (pool !== connection) await pool.end();
  }
}

async function migrateOn(client: PoolClient, options: MigratePostgresOptions): Promise<string[]> {
  // lock_timeout bounds the wait for the advisory lock too: a migration stuck elsewhere makes
  // this start fail with an error instead of hanging it.
  await client.query(`SET lock_timeout = ${Math.max(1, Math.floor(options.lockTimeoutMs ?? 60_000))}`);
  // Without a schema, the runner would record its migrations in "public" while the tables go to
  // the first schema of the search_path: name the one the stores will use.
  const schema = options.schema ?? (await client.query<{ schema: string }>("SELECT current_schema() AS schema")).rows[0]?.schema;
  if (!schema) throw new Error("PostgreSQL: the connection has no current schema (search_path); set one with `schema`.");
  const log = options.log ?? (() => undefined);
  const ran = await runner({
    dbClient: client,
    dir: options.dir ?? MIGRATIONS_DIR,
    direction: "up",
    migrationsTable: MIGRATIONS_TABLE,
    schema,
    // Only a schema we were told to use is created: CREATE SCHEMA needs a privilege that a
    // role confined to an existing schema may lack.
    createSchema: options.schema !== undefined,
    checkOrder: true,
    // All pending migrations commit together or not at all.
    singleTransaction: true,
    // The default, "fail", would make every instance but one fail when several start at once.
    advisoryLockMode: "wait",
    logger: { info: log, warn: log, error: log },
  });
  return ran.map((migration) => migration.name);
}
