// What every connection of a store's pool is set to, as the server reports it (pool.ts).
import { describe, expect, it } from "vitest";
import { createPostgresPool } from "@/lib/store/postgres/pool";
import { TEST_DATABASE_URL } from "../support/postgres-test-schema";

describe("a PostgreSQL pool's sessions", () => {
  const withOptions = (options: string) => {
    const url = new URL(TEST_DATABASE_URL);
    url.searchParams.set("options", options);
    return url.toString();
  };

  it.each([
    ["without a schema", TEST_DATABASE_URL, {}],
    ["with a schema", TEST_DATABASE_URL, { schema: "public" }],
    // pg sends a URL's own options instead of the pool's: jit=off goes with them (the benches name their schema so).
    ["with the URL's own startup options", withOptions("-c search_path=public"), {}],
  ])("run without JIT compilation, %s", async (_name, url, options) => {
    const pool = createPostgresPool(url, options);
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

  it("keep the URL's own options, and its own choice of JIT", async () => {
    const pool = createPostgresPool(withOptions("-c search_path=public -c jit=on"));
    try {
      const setting = async (name: string) => (await pool.query<{ setting: string }>("SELECT setting FROM pg_settings WHERE name = $1", [name])).rows[0]!.setting;
      expect(await setting("jit")).toBe("on");
      expect(await setting("search_path")).toBe("public");
    } finally {
      await pool.end();
    }
  });
});
