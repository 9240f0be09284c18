import "server-only";

// Locks every instance sees: PostgreSQL's session advisory locks, all on one connection of
// this process kept for them (a lock is its connection's, so one the pool lent and took back
// would be held by whoever borrows it next). When the connection drops, PostgreSQL lets the
// locks go, and each held one says it is lost; the next tryHold connects again. The key pair's
// first half names this use, so it never meets the single-key locks of migrations and stores.
import pg from "pg";
import { log } from "@/lib/log/server-log";
import type { HeldLock, LockSource } from "./held-lock";

const KEY = "SELECT pg_try_advisory_lock(hashtext('salesdash_held_locks'), hashtext($1)) AS held";
const UNLOCK = "SELECT pg_advisory_unlock(hashtext('salesdash_held_locks'), hashtext($1))";

export class PgAdvisoryLocks implements LockSource {
  private connection: Promise<pg.Client> | null = null;
  /** Held or being taken, by name: a session's advisory lock is reentrant, so this process must refuse its own second hold. */
  private readonly held = new Map<string, AbortController>();

  constructor(private readonly options: { connectionString: string }) {}

  async tryHold(name: string): Promise<HeldLock | null> {
    if (this.held.has(name)) return null;
    const lost = new AbortController();
    this.held.set(name, lost);
    try {
      const client = await this.connect();
      const { rows } = await client.query<{ held: boolean }>(KEY, [name]);
      if (!rows[0]?.held) {
        this.held.delete(name);
        return null;
      }
      return {
        lost: lost.signal,
        release: async () => {
          if (this.held.get(name) !== lost) return;
          this.held.delete(name);
          if (lost.signal.aborted) return;
          await client.query(UNLOCK, [name]).catch(() => undefined);
        },
      };
    } catch (error) {
      if (this.held.get(name) === lost) this.held.delete(name);
      throw error;
    }
  }

  async close(): Promise<void> {
    const connection = this.connection;
    this.connection = null;
    this.loseAll();
    const client = await connection?.catch(() => null);
    await client?.end().catch(() => undefined);
  }

  private connect(): Promise<pg.Client> {
    if (this.connection) return this.connection;
    const client = new pg.Client({ connectionString: this.options.connectionString, application_name: `salesdash-locks:${process.pid}` });
    const connection = client.connect().then(() => client);
    const drop = (error?: Error) => {
      if (this.connection !== connection) return;
      this.connection = null;
      this.loseAll();
      if (error) log("warn", { event: "held_locks_connection_lost", errorName: error.name });
      client.end().catch(() => undefined);
    };
    client.on("error", drop);
    client.on("end", () => drop());
    connection.catch(() => drop());
    this.connection = connection;
    return connection;
  }

  private loseAll(): void {
    for (const lost of this.held.values()) lost.abort(new LockLost());
    this.held.clear();
  }
}

class LockLost extends Error {
  override name = "AbortError";
}
