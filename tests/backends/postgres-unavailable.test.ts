import net from "node:net";
import { Client } from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setLogSink } from "@/lib/log/server-log";
import { isPostgresUnavailable } from "@/lib/store/postgres/errors";
import { createPostgresPool } from "@/lib/store/postgres/pool";
import { PostgresMirrorStore } from "@/lib/store/postgres/postgres-mirror-store";
import { PostgresVaultStore } from "@/lib/store/postgres/postgres-vault-store";
import { createTestSchema, TEST_DATABASE_URL, type TestSchema } from "../support/postgres-test-schema";

// A database that is away must cost a request a few seconds and a recognisable error ("storage
// unavailable"), never a hang or a crashed server.
let schema: TestSchema;
beforeAll(async () => {
  schema = await createTestSchema();
});
afterAll(async () => {
  await schema?.drop();
});

async function rejection(work: Promise<unknown>): Promise<unknown> {
  try {
    await work;
  } catch (error) {
    return error;
  }
  throw new Error("expected a rejection");
}

describe("an unreachable database", () => {
  it("a refused connection fails at once, recognised as unavailable", async () => {
    const store = new PostgresVaultStore("postgres://postgres@127.0.0.1:1/test");
    try {
      const error = await rejection(store.get("ref", 0));
      expect(isPostgresUnavailable(error)).toBe(true);
    } finally {
      await store.close();
    }
  });

  it("a server that never answers fails after the connection timeout, not the TCP one", async () => {
    const sockets: net.Socket[] = [];
    const silent = net.createServer((socket) => void sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const { port } = silent.address() as net.AddressInfo;
    const store = new PostgresMirrorStore(`postgres://postgres@127.0.0.1:${port}/test`, { connectionTimeoutMs: 500 });
    try {
      const started = Date.now();
      const error = await rejection(store.listDays("acct"));
      expect(Date.now() - started).toBeLessThan(3_000);
      expect(isPostgresUnavailable(error)).toBe(true);
    } finally {
      await store.close();
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it("the default connection timeout is a few seconds", async () => {
    const pool = createPostgresPool(TEST_DATABASE_URL);
    try {
      expect(pool.options.connectionTimeoutMillis).toBe(5_000);
    } finally {
      await pool.end();
    }
  });
});

describe("a connection the server drops", () => {
  async function terminate(pid: number): Promise<void> {
    const admin = new Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    try {
      await admin.query("SELECT pg_terminate_backend($1)", [pid]);
    } finally {
      await admin.end();
    }
  }

  it("while idle: the pool logs it, the process goes on, and the next query gets a new connection", async () => {
    const lines: string[] = [];
    const previous = setLogSink((line) => lines.push(line));
    const pool = createPostgresPool(TEST_DATABASE_URL, { schema: schema.name, max: 1 });
    try {
      const { rows } = await pool.query<{ pid: number }>("SELECT pg_backend_pid() AS pid");
      const lost = new Promise((resolve) => pool.once("error", resolve));
      await terminate(rows[0]!.pid);
      await lost;
      expect(lines.some((line) => line.includes('"event":"postgres_idle_connection_lost"'))).toBe(true);
      const store = new PostgresVaultStore(pool);
      await store.put("ref", "sealed", 10);
      expect(await store.get("ref", 0)).toBe("sealed");
    } finally {
      setLogSink(previous);
      await pool.end();
    }
  });

  it("during a query: the query fails, recognised as unavailable", async () => {
    const pool = createPostgresPool(TEST_DATABASE_URL, { schema: schema.name, max: 1 });
    try {
      const { rows } = await pool.query<{ pid: number }>("SELECT pg_backend_pid() AS pid");
      const sleeping = rejection(pool.query("SELECT pg_sleep(30)"));
      await new Promise((resolve) => setTimeout(resolve, 200));
      await terminate(rows[0]!.pid);
      const error = await sleeping;
      expect(isPostgresUnavailable(error)).toBe(true);
      expect((await pool.query("SELECT 1 AS one")).rows).toEqual([{ one: 1 }]);
    } finally {
      await pool.end();
    }
  });
});
