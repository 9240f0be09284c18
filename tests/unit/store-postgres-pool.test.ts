import { describe, expect, it } from "vitest";
import { createPostgresPool, storePool } from "@/lib/store/postgres/pool";

// The pool's configuration; nothing here connects (a pool connects on its first query).
const URL = "postgres://postgres@127.0.0.1:5432/test";

describe("createPostgresPool", () => {
  it("fails fast by default, and takes the size and the timeout it is given", async () => {
    const pool = createPostgresPool(URL, { max: 3, connectionTimeoutMs: 1234 });
    expect(pool.options.max).toBe(3);
    expect(pool.options.connectionTimeoutMillis).toBe(1234);
    await pool.end();
    const defaults = createPostgresPool(URL);
    expect(defaults.options.connectionTimeoutMillis).toBe(5_000);
    await defaults.end();
  });

  it("sets the schema as every connection's search_path, in the startup message", async () => {
    const pool = createPostgresPool(URL, { schema: "salesdash_a1" });
    expect(pool.options.options).toBe("-c search_path=salesdash_a1 -c jit=off");
    await pool.end();
  });

  it("turns PostgreSQL's JIT compilation off for every connection, with a schema or without", async () => {
    const pool = createPostgresPool(URL);
    expect(pool.options.options).toBe("-c jit=off");
    await pool.end();
  });

  it("adds jit=off to a URL's own startup options, which pg sends instead of the pool's, unless they set jit", async () => {
    const own = createPostgresPool(`${URL}?options=-c%20search_path%3Dother`);
    expect(new globalThis.URL(own.options.connectionString!).searchParams.get("options")).toBe("-c search_path=other -c jit=off");
    await own.end();
    for (const chosen of [`${URL}?options=-c%20jit%3Don`, `${URL}?options=--jit%3Don`, URL]) {
      const pool = createPostgresPool(chosen);
      expect(pool.options.connectionString).toBe(chosen);
      await pool.end();
    }
  });

  it.each(['x"y', "Upper", "a b", "1abc", "", "a".repeat(64), "x;drop"])("refuses the schema name %j", (schema) => {
    expect(() => createPostgresPool(URL, { schema })).toThrow(/schema/);
  });

  it("refuses a schema when the URL sets its own startup options, which would override it", () => {
    expect(() => createPostgresPool(`${URL}?options=-c%20search_path%3Dother`, { schema: "mine" })).toThrow(/options/);
  });
});

describe("storePool", () => {
  it("owns a pool it made from a URL, not one it was given", async () => {
    const made = storePool(URL);
    expect(made.owned).toBe(true);
    const given = storePool(made.pool);
    expect(given).toEqual({ pool: made.pool, owned: false });
    await made.pool.end();
  });
});
