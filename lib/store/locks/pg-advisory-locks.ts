import "server-only";

// Locks every instance sees: PostgreSQL's session advisory locks, all on one connection of
// this process kept for them (a lock is its connection's, so one the pool lent and took back
// would be held by whoever borrows it next). When the connection drops, PostgreSQL lets the
// locks go, and each held one says it is lost; the next tryHold connects again. A query that
// does not answer in time, or an unlock that fails, ends the connection too: the server may
// hold a lock the process thinks it let go, and only the connection's end settles it. The key
// pair's first half names this use, so it never meets the single-key locks of migrations and stores.
import pg from "pg";
import { log } from "@/lib/log/server-log";
import type { HeldLock, LockSource } from "./held-lock";

const HOLD = "SELECT pg_try_advisory_lock(hashtext('salesdash_held_locks'), hashtext($1)) AS held";
const UNLOCK = "SELECT pg_advisory_unlock(hashtext('salesdash_held_locks'), hashtext($1)) AS released";
// pg waits for ever by default (as lib/store/postgres/pool.ts says).
const CONNECT_TIMEOUT_MS = 5_000;
const QUERY_TIMEOUT_MS = 10_000;

export class PgAdvisoryLocks implements LockSource {
  private connection: { client: pg.Client; ready: Promise<pg.Client> } | null = null;
  /** Held or being taken, by name: a session's advisory lock is reentrant, so this process must refuse its own second hold. */
  private readonly held = new Map<string, AbortController>();

  /** `queryTimeoutMs`: how long a query may go unanswered before the connection is ended (10 s unless given). */
  constructor(private readonly options: { connectionString: string; queryTimeoutMs?: number }) {}

  async tryHold(name: string): Promise<HeldLock | null> {
    if (this.held.has(name)) return null;
    const lost = new AbortController();
    this.held.set(name, lost);
    try {
      const { rows } = await this.query<{ held: boolean }>(HOLD, [name]);
      if (!rows[0]?.held) {
        this.held.delete(name);
        return null;
      }
    } catch (error) {
      if (this.held.get(name) === lost) this.held.delete(name);
      throw error;
    }
    return {
      lost: lost.signal,
      confirm: async () => {
        if (lost.signal.aborted) return;
        // Any failure has ended the connection, which says the lock lost.
        await this.query("SELECT 1").catch(() => undefined);
      },
      release: async () => {
        if (this.held.get(name) !== lost) return;
        this.held.delete(name);
        if (lost.signal.aborted) return;
        const { rows } = await this.query<{ released: boolean }>(UNLOCK, [name]).catch(() => ({ rows: [] as Array<{ released: boolean }> }));
        // Still held by the server, unknown to this process: only the connection's end lets it go.
        if (rows[0]?.released !== true) this.drop(new Error("unlock failed"));
      },
    };
  }

  async close(): Promise<void> {
    const connection = this.connection;
    this.connection = null;
    this.loseAll();
    await connection?.client.end().catch(() => undefined);
  }

  private async query<R extends pg.QueryResultRow>(text: string, values?: unknown[]): Promise<pg.QueryResult<R>> {
    const connection = this.connect();
    const client = await connection.ready;
    try {
      return await client.query<R>(text, values);
    } catch (error) {
      // A timeout leaves the server's answer unknown (a lock may have been granted): start over.
      if (this.connection === connection) this.drop(error instanceof Error ? error : new Error("query failed"));
      throw error;
    }
  }

  private connect(): { client: pg.Client; ready: Promise<pg.Client> } {
    if (this.connection) return this.connection;
    const client = new pg.Client({
      connectionString: this.options.connectionString,
      application_name: `salesdash-locks:${process.pid}`,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      query_timeout: this.options.queryTimeoutMs ?? QUERY_TIMEOUT_MS,
      keepAlive: true,
    });
    const connection = { client, ready: client.connect().then(() => client) };
    const dropThis = (error?: Error) => {
      if (this.connection === connection) this.drop(error);
    };
    client.on("error", dropThis);
    client.on("end", () => dropThis());
    connection.ready.catch(() => dropThis());
    this.connection = connection;
    return connection;
  }

  /** Ends the connection: the server lets its locks go, and each held one says it is lost. */
  private drop(error?: Error): void {
    const connection = this.connection;
    this.connection = null;
    this.loseAll();
    if (error) log("warn", { event: "held_locks_connection_lost", errorName: error.name });
    connection?.client.end().catch(() => undefined);
  }

  private loseAll(): void {
    for (const lost of this.held.values()) lost.abort(new LockLost());
    this.held.clear();
  }
}

class LockLost extends Error {
  override name = "AbortError";
}
