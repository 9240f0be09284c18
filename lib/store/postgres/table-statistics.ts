import "server-only";

// The planner's statistics of a fact table kept up with what this process writes into it. A
// PostgreSQL whose autovacuum is off (this project's CI machine) plans the reports' reads on the
// tables a sync filled as if they were empty: a 300 s nested loop over the delivery panels'
// orders at scale 20 (docs/benchmarks.md). So where autovacuum is off, for the server or the
// table, the store analyses a table itself once the rows it wrote reach autovacuum's default
// share (50 rows and a tenth of the table), as autovacuum would have. Where autovacuum is on it
// is left to it: the two would wait on each other's lock.
import type { Pool } from "pg";
import { log } from "@/lib/log/server-log";
import { inTransaction } from "./pool";

/** autovacuum_analyze_threshold and autovacuum_analyze_scale_factor's defaults. */
const BASE_ROWS = 50;
const SHARE = 0.1;
/** How long the analysis waits for the table's lock (a VACUUM or another instance's analysis holds it) before giving up until the next share. */
const LOCK_TIMEOUT = "1s";

const failed = (table: string, error: unknown): void =>
  log("warn", { event: "postgres_analyze_failed", detail: table, errorName: (error as { code?: string }).code ?? (error as Error).name });

interface TableState {
  /** pg_class.reltuples (-1, never analysed, as 0). */
  counted: number;
  /** Whether autovacuum analyses the table (the server's setting and the table's own). */
  automatic: boolean;
}

export class TableStatistics {
  private written = 0;
  /** Read once, then after each analysis. */
  private state: TableState | null = null;
  private analysing = false;

  constructor(private readonly pool: Pool, private readonly table: string) {}

  /**
   * Counts `rows` written (a day replaced); the write that brings them to the share waits for the
   * table's analysis, the writes meanwhile do not. Never fails the write.
   */
  async wrote(rows: number): Promise<void> {
    this.written += rows;
    if (this.analysing) return;
    this.analysing = true;
    try {
      this.state ??= await this.read();
      if (this.state.automatic || this.written < BASE_ROWS + SHARE * this.state.counted) return;
      this.written = 0;
      await this.analyse();
      this.state = await this.read();
    } catch (error) {
      failed(this.table, error);
    } finally {
      this.analysing = false;
    }
  }

  private analyse(): Promise<void> {
    return inTransaction(this.pool, async (client) => {
      await client.query(`SET LOCAL lock_timeout = '${LOCK_TIMEOUT}'`);
      await client.query(`ANALYZE ${this.table}`);
    });
  }

  private async read(): Promise<TableState> {
    const { rows } = await this.pool.query<{ n: number | null; automatic: boolean | null }>(
      `SELECT c.reltuples::float8 AS n, current_setting('autovacuum') = 'on' AND NOT COALESCE('autovacuum_enabled=false' = ANY (c.reloptions), false) AS automatic
       FROM pg_class c WHERE c.oid = to_regclass($1)`,
      [this.table],
    );
    return { counted: Math.max(0, rows[0]?.n ?? 0), automatic: rows[0]?.automatic ?? false };
  }
}
