// What every connection of a store's pool is set to, as the server reports it (pool.ts).
import { describe, expect, it } from "vitest";
import { createPostgresPool } from "@/lib/store/postgres/pool";
import { TEST_DATABASE_URL } from "../support/postgres-test-schema";

describe("a PostgreSQL pool's sessions", () => {
  it.each([
    ["without a schema", {}],
    ["with a schema", { schema: "public" }],
  ])("run without JIT compilation, %s", async (_name, options) => {
    const pool = createPostgresPool(TEST_DATABASE_URL, options);
    try {
      // Two connections at once: the setting is each session's, from its startup message.
      const clients = await Promise.all([pool.connect(), pool.connect()]);
      try {
        // Set by the client's startup message, not by the server's own default.
        for (const client of clients) expect((await client.query<{ setting: string; source: string }>("SELECT setting, source FROM pg_settings WHERE name = 'jit'")).rows[0]).toEqual({ setting: "off", source: "client" });
      } finally {
        for (const client of clients) client.release();
      }
    } finally {
      await pool.end();
    }
  });
});
