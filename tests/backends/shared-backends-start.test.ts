// What an instance does at start with SALESDASH_DATABASE_URL and SALESDASH_REDIS_URL set:
// migrates the schema and pings Redis, or stops with a message naming the variable, never
// its value (a URL may hold a password).
import { afterEach, describe, expect, it, vi } from "vitest";
import { createPostgresPool } from "@/lib/store/postgres/pool";
import { randomSchemaName, TEST_DATABASE_URL } from "../support/postgres-test-schema";
import { TEST_REDIS_URL } from "../support/redis-test";


/** A fresh module graph and process state with `env`: the environment is read once per process. */
async function startWith(env: Record<string, string>) {
  vi.resetModules();
  delete (globalThis as Record<symbol, unknown>)[Symbol.for("salesdash.process-state")];
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
  const { prepareSharedBackends } = await import("@/lib/store/prepare-shared-backends");
  const { getProcessState } = await import("@/lib/store/process-state");
  const run = prepareSharedBackends();
  return {
    run,
    async close() {
      await run.catch(() => undefined);
      const state = getProcessState();
      state.redis?.disconnect();
      await state.database?.end();
    },
  };
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("at start", () => {
  it("creates the schema in an empty database and answers when Redis does", async () => {
    const schema = randomSchemaName();
    const admin = createPostgresPool(TEST_DATABASE_URL, { max: 1 });
    await admin.query(`CREATE SCHEMA ${schema}`);
    try {
      const url = `${TEST_DATABASE_URL}${TEST_DATABASE_URL.includes("?") ? "&" : "?"}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
      const started = await startWith({ SALESDASH_DATABASE_URL: url, SALESDASH_REDIS_URL: TEST_REDIS_URL });
      await expect(started.run).resolves.toBeUndefined();
      await started.close();
      const tables = await admin.query("SELECT table_name FROM information_schema.tables WHERE table_schema = $1 ORDER BY 1", [schema]);
      expect(tables.rows.map((r: { table_name: string }) => r.table_name)).toEqual(expect.arrayContaining(["salesdash_vault", "salesdash_mirror_days", "salesdash_migrations"]));
    } finally {
      await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await admin.end();
    }
  });

  // A back-end that cannot be reached: the error names the variable and where it points, never the password in it.
  it.each([
    ["names SALESDASH_DATABASE_URL and where it points, not its password, when PostgreSQL cannot be reached", "SALESDASH_DATABASE_URL", "postgres://salesdash:hunter2-secret@127.0.0.1:1/salesdash", /^SALESDASH_DATABASE_URL: PostgreSQL at 127\.0\.0\.1:1 could not be reached/],
    ["names SALESDASH_REDIS_URL when Redis cannot be reached, within seconds", "SALESDASH_REDIS_URL", "redis://:hunter2-secret@127.0.0.1:1", /^SALESDASH_REDIS_URL: Redis at 127\.0\.0\.1:1 could not be reached/],
  ])("%s", async (_, variable, url, message) => {
    const started = await startWith({ [variable]: url });
    const error = await started.run.catch((e: unknown) => e);
    await started.close();
    expect(error).toMatchObject({ name: "SharedBackendStartError", variable });
    expect(String((error as Error).message)).toMatch(message);
    expect(String((error as Error).message)).not.toContain("hunter2");
  });
});
