import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PG_MIGRATE_LOCK_ID, runner } from "node-pg-migrate";
import { Client } from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { MIGRATIONS_DIR, MIGRATIONS_TABLE, migratePostgres } from "@/lib/store/postgres/migrate";
import { createPostgresPool } from "@/lib/store/postgres/pool";
import { randomSchemaName, TEST_DATABASE_URL } from "../support/postgres-test-schema";

// The schema's migrations, as every instance runs them at start: on an empty database, again
// (nothing to do), several at once, and while another migration holds the lock.
/** Every migration of the repository, in order: what an empty database runs. */
const ALL = fs.readdirSync(MIGRATIONS_DIR).filter((n) => n.endsWith(".sql")).map((n) => n.slice(0, -4)).sort();
const schemas: string[] = [];
const tempDirs: string[] = [];

function newSchema(): string {
  const name = randomSchemaName();
  schemas.push(name);
  return name;
}

async function withClient<T>(work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function tablesOf(schema: string): Promise<string[]> {
  return withClient(async (client) => (await client.query<{ table_name: string }>("SELECT table_name FROM information_schema.tables WHERE table_schema = $1 ORDER BY table_name", [schema])).rows.map((r) => r.table_name));
}

async function ranIn(schema: string): Promise<string[]> {
  return withClient(async (client) => (await client.query<{ name: string }>(`SELECT name FROM ${schema}.${MIGRATIONS_TABLE} ORDER BY id`)).rows.map((r) => r.name));
}

/** The real migrations, and after them one that takes `seconds`: long enough for runs to overlap. */
function migrationsWithSlowOne(seconds: number): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "salesdash-migrations-"));
  tempDirs.push(dir);
  for (const name of fs.readdirSync(MIGRATIONS_DIR)) fs.copyFileSync(path.join(MIGRATIONS_DIR, name), path.join(dir, name));
  fs.writeFileSync(path.join(dir, "9999_slow.sql"), `-- Up Migration\nSELECT pg_sleep(${seconds});\n-- Down Migration\nSELECT 1;\n`);
  return dir;
}

afterAll(async () => {
  await withClient(async (client) => {
    for (const schema of schemas) await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  });
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});

const STORE_TABLES = ["salesdash_account_settings", "salesdash_alert_episodes", "salesdash_alert_rules", "salesdash_cart_fact_days", "salesdash_cart_facts", "salesdash_chargeback_fact_days", "salesdash_chargeback_facts", "salesdash_digest_sends", "salesdash_digest_subscriptions", "salesdash_fact_versions", "salesdash_mirror_days", "salesdash_mirror_sync_state", "salesdash_order_fact_days", "salesdash_order_facts", "salesdash_purchase_fact_days", "salesdash_purchase_facts", "salesdash_refund_fact_days", "salesdash_refund_facts", "salesdash_saved_views", "salesdash_share_links", "salesdash_vault"];

describe("migratePostgres", () => {
  it("loads plain .sql files from lib/store/postgres/migrations under the working directory: no TypeScript loader needed", () => {
    expect(MIGRATIONS_DIR).toBe(path.join(process.cwd(), "lib/store/postgres/migrations"));
    const files = fs.readdirSync(MIGRATIONS_DIR);
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) expect(file).toMatch(/^\d{4}_[a-z0-9-]+\.sql$/);
  });

  it("creates the schema and every table on an empty database, and records the migration", async () => {
    const schema = newSchema();
    expect(await tablesOf(schema)).toEqual([]);
    expect(await migratePostgres(TEST_DATABASE_URL, { schema })).toEqual(ALL);
    expect(await tablesOf(schema)).toEqual([...STORE_TABLES, MIGRATIONS_TABLE].sort());
    expect(await ranIn(schema)).toEqual(ALL);
    const columns = await withClient(async (client) =>
      (
        await client.query<{ column_name: string; data_type: string; is_nullable: string; collation_name: string | null }>(
          "SELECT column_name, data_type, is_nullable, collation_name FROM information_schema.columns WHERE table_schema = $1 AND table_name = 'salesdash_mirror_days' ORDER BY ordinal_position",
          [schema],
        )
      ).rows.map((c) => `${c.column_name} ${c.data_type}${c.collation_name ? ` collate ${c.collation_name}` : ""}${c.is_nullable === "YES" ? " null" : ""}`),
    );
    // Byte order like SQLite's, whatever the database's locale (this one's may be C already).
    expect(columns).toEqual([
      "account text collate C",
      "resource text collate C",
      "day text collate C",
      "complete boolean",
      "fetched_at bigint",
      "count integer",
      "sealed bytea",
      "digest_name text null",
      "digest bytea null",
      "notes integer null",
      "notes_at bigint null",
    ]);
  });

  it("does nothing when run again", async () => {
    const schema = newSchema();
    await migratePostgres(TEST_DATABASE_URL, { schema });
    const pool = createPostgresPool(TEST_DATABASE_URL, { schema });
    try {
      await pool.query("INSERT INTO salesdash_vault (ref, sealed, expires_at) VALUES ('kept', 'x', 1)");
      expect(await migratePostgres(pool, { schema })).toEqual([]);
      expect(await migratePostgres(pool)).toEqual([]);
      expect((await pool.query("SELECT ref FROM salesdash_vault")).rows).toEqual([{ ref: "kept" }]);
    } finally {
      await pool.end();
    }
    expect(await ranIn(schema)).toEqual(ALL);
  });

  it("two instances starting at once both succeed; the migration runs once", async () => {
    const schema = newSchema();
    const runs = await Promise.all([migratePostgres(TEST_DATABASE_URL, { schema }), migratePostgres(TEST_DATABASE_URL, { schema })]);
    expect(runs.flat()).toEqual(ALL);
    expect(await ranIn(schema)).toEqual(ALL);
    expect(await tablesOf(schema)).toContain("salesdash_mirror_days");
  });

  it("an instance starting while another migrates waits for it instead of failing, then finds nothing to run", async () => {
    const schema = newSchema();
    const dir = migrationsWithSlowOne(1);
    const first = migratePostgres(TEST_DATABASE_URL, { schema, dir });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const started = Date.now();
    const second = await migratePostgres(TEST_DATABASE_URL, { schema, dir });
    expect(await first).toEqual([...ALL, "9999_slow"]);
    expect(second).toEqual([]);
    expect(Date.now() - started).toBeGreaterThan(300);
    expect(await ranIn(schema)).toEqual([...ALL, "9999_slow"]);
  });

  it("gives up with an error after lockTimeoutMs when another migration holds the lock, and runs once it is free", async () => {
    const schema = newSchema();
    await withClient(async (holder) => {
      await holder.query(`SELECT pg_advisory_lock(${PG_MIGRATE_LOCK_ID})`);
      const started = Date.now();
      await expect(migratePostgres(TEST_DATABASE_URL, { schema, lockTimeoutMs: 300 })).rejects.toMatchObject({ code: "55P03" });
      expect(Date.now() - started).toBeLessThan(5_000);
      await holder.query(`SELECT pg_advisory_unlock(${PG_MIGRATE_LOCK_ID})`);
    });
    expect(await migratePostgres(TEST_DATABASE_URL, { schema })).toEqual(ALL);
  });

  it("without a schema, migrates the connection's current schema (its search_path)", async () => {
    const schema = newSchema();
    await withClient((client) => client.query(`CREATE SCHEMA ${schema}`));
    const pool = createPostgresPool(TEST_DATABASE_URL, { schema });
    try {
      expect(await migratePostgres(pool)).toEqual(ALL);
    } finally {
      await pool.end();
    }
    expect(await tablesOf(schema)).toEqual([...STORE_TABLES, MIGRATIONS_TABLE].sort());
  });

  it("leaves the given pool usable, with its connections in their schema", async () => {
    const schema = newSchema();
    const pool = createPostgresPool(TEST_DATABASE_URL, { schema, max: 1 });
    try {
      await migratePostgres(pool, { schema });
      expect((await pool.query("SELECT current_schema() AS s")).rows).toEqual([{ s: schema }]);
      expect((await pool.query("SELECT pg_try_advisory_lock($1) AS free", [PG_MIGRATE_LOCK_ID])).rows).toEqual([{ free: true }]);
      await pool.query("SELECT pg_advisory_unlock($1)", [PG_MIGRATE_LOCK_ID]);
    } finally {
      await pool.end();
    }
  });

  it("its down migrations drop every table they made", async () => {
    const schema = newSchema();
    await migratePostgres(TEST_DATABASE_URL, { schema });
    await withClient((client) => runner({ dbClient: client, dir: MIGRATIONS_DIR, direction: "down", count: Infinity, migrationsTable: MIGRATIONS_TABLE, schema, singleTransaction: true, log: () => undefined }));
    expect(await tablesOf(schema)).toEqual([MIGRATIONS_TABLE]);
  });

  it("refuses a schema name it would have to quote", async () => {
    await expect(migratePostgres(TEST_DATABASE_URL, { schema: 'x"; DROP TABLE y; --' })).rejects.toThrow(/schema/);
  });
});
