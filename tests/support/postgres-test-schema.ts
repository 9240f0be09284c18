import { randomBytes } from "node:crypto";
import type { Pool } from "pg";
import { migratePostgres } from "@/lib/store/postgres/migrate";
import { createPostgresPool } from "@/lib/store/postgres/pool";

// Each test file of tests/backends works in a schema of its own (a random name), migrated like a
// deployment's, and drops it at the end: files never see each other's rows, and a run leaves
// nothing behind in the database.
export const TEST_DATABASE_URL = process.env.SALESDASH_TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

export function randomSchemaName(): string {
  return `salesdash_test_${randomBytes(6).toString("hex")}`;
}

export interface TestSchema {
  name: string;
  /** A pool whose connections work in the schema. */
  pool: Pool;
  /** Empties the given tables (between tests). */
  truncate(...tables: string[]): Promise<void>;
  /** Drops the schema and ends the pool. */
  drop(): Promise<void>;
}

export async function createTestSchema(options: { migrate?: boolean } = {}): Promise<TestSchema> {
  const name = randomSchemaName();
  const pool = createPostgresPool(TEST_DATABASE_URL, { schema: name, max: 4 });
  if (options.migrate ?? true) await migratePostgres(pool, { schema: name });
  return {
    name,
    pool,
    truncate: async (...tables) => {
      await pool.query(`TRUNCATE ${tables.join(", ")}`);
    },
    drop: async () => {
      try {
        await pool.query(`DROP SCHEMA IF EXISTS ${name} CASCADE`);
      } finally {
        await pool.end();
      }
    },
  };
}
