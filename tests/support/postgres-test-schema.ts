import { randomBytes } from "node:crypto";
import type { Pool } from "pg";
import { afterAll, beforeAll } from "vitest";
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

/**
 * The calling file's schema, made before its tests and dropped after them. `backend(make)` opens
 * each suite test's store on a pool of its own (an instance), the tables emptied first;
 * `emptied()` empties them and gives the file's pool, for the file's own tests.
 */
export function schemaOfFile(tables: string[]) {
  let schema: TestSchema;
  beforeAll(async () => {
    schema = await createTestSchema();
  });
  afterAll(async () => {
    await schema?.drop();
  });
  return {
    get schema(): TestSchema {
      return schema;
    },
    backend: <S>(make: (url: string, options: { schema: string; max: number }) => S) => ({
      async open(): Promise<S> {
        await schema.truncate(...tables);
        return make(TEST_DATABASE_URL, { schema: schema.name, max: 4 });
      },
    }),
    async emptied(): Promise<Pool> {
      await schema.truncate(...tables);
      return schema.pool;
    },
  };
}

/**
 * The calling file's schema for a store of one table: `emptyStore()` empties the table and opens
 * the store on the file's pool; `db.schema` names the schema and gives the pool, for what the
 * file checks besides the store (the table's own rows). `twoInstances(run)` runs with the
 * emptied store beside another instance on the same schema (a pool of its own, opened by
 * `makeAt`, as another dashboard instance or a restart has it), closed after.
 */
export function emptyStoreOfFile<S extends { close(): Promise<void> }>(table: string, make: (pool: Pool) => S, makeAt: (url: string, options: { schema: string }) => S) {
  const db = schemaOfFile([table]);
  const emptyStore = async (): Promise<S> => make(await db.emptied());
  const twoInstances = async (run: (store: S, other: S) => Promise<void>): Promise<void> => {
    const store = await emptyStore();
    const other = makeAt(TEST_DATABASE_URL, { schema: db.schema.name });
    try {
      await run(store, other);
    } finally {
      await other.close();
    }
  };
  return { db, emptyStore, twoInstances };
}
