// The spec's own PostgreSQL database (CREATE DATABASE on the test server, dropped at the end), and
// stopping and starting that server for the outage check.
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { Client, type QueryResultRow } from "pg";

const ADMIN_URL = process.env.SALESDASH_TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

export interface TestDatabase {
  name: string;
  /** The URL both instances get as SALESDASH_DATABASE_URL. */
  url: string;
  query<R extends QueryResultRow = QueryResultRow>(text: string, values?: unknown[]): Promise<R[]>;
  /** Force-disconnects whoever is still connected, then drops the database. */
  drop(): Promise<void>;
}

async function withAdmin<T>(run: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const name = `salesdash_instances_${randomBytes(5).toString("hex")}`;
  await withAdmin((admin) => admin.query(`CREATE DATABASE ${name}`));
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async query(text, values) {
      const client = new Client({ connectionString: url.toString(), connectionTimeoutMillis: 5_000 });
      await client.connect();
      try {
        return (await client.query(text, values)).rows;
      } finally {
        await client.end().catch(() => undefined);
      }
    },
    drop: () =>
      withAdmin(async (admin) => {
        await admin.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()", [name]);
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      }),
  };
}

/** Connections of anybody else: other databases than ours, or clients that are not the instances'. */
export async function otherClients(ours: string): Promise<number> {
  return withAdmin(async (admin) => {
    const rows = await admin.query<{ n: string }>(
      "SELECT count(*) AS n FROM pg_stat_activity WHERE backend_type = 'client backend' AND pid <> pg_backend_pid() AND datname IS DISTINCT FROM $1",
      [ours],
    );
    return Number(rows.rows[0]?.n ?? 0);
  });
}

/** Waits (at most `ms`) until nobody else is connected to the server, so that stopping it harms no other test run. */
export async function waitUntilAlone(ours: string, ms: number): Promise<number> {
  const deadline = Date.now() + ms;
  let others = await otherClients(ours);
  while (others > 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    others = await otherClients(ours);
  }
  return others;
}

function cluster(action: "stop" | "start"): void {
  const [version] = fs.readdirSync("/etc/postgresql");
  if (!version) throw new Error("no PostgreSQL cluster in /etc/postgresql");
  execFileSync("pg_ctlcluster", ["--skip-systemctl-redirect", version, "main", action], { stdio: "inherit" });
}

export const stopPostgres = () => cluster("stop");
export const startPostgres = () => cluster("start");

/** Whether the server answers a query now. */
export async function postgresAnswers(): Promise<boolean> {
  try {
    await withAdmin((admin) => admin.query("SELECT 1"));
    return true;
  } catch {
    return false;
  }
}

/** Starts the server again unless it answers (the spec's finally: never leave it stopped). */
export async function ensurePostgresRunning(): Promise<void> {
  if (await postgresAnswers()) return;
  try {
    startPostgres();
  } catch {
    // started meanwhile, or pg_ctlcluster refused: the check below says which
  }
  const deadline = Date.now() + 30_000;
  while (!(await postgresAnswers())) {
    if (Date.now() > deadline) throw new Error("PostgreSQL does not answer after pg_ctlcluster start");
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
