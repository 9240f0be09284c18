import "server-only";

// The planner's statistics of a fact table kept up with what this process writes into it. A
// PostgreSQL whose autovacuum is off (this project's CI machine), or has not yet come by after a
// sync wrote a year of days, plans the reports' reads on a table it believes empty: a 300 s nested
// loop over the delivery panels' orders at scale 20 (docs/benchmarks.md). So the store analyses a
// table itself once the rows it wrote reach autovacuum's default share (50 rows and a tenth of
// the table), which autovacuum would have done.
import type { Pool } from "pg";
import { log } from "@/lib/log/server-log";

/** autovacuum_analyze_threshold and autovacuum_analyze_scale_factor's defaults. */
const BASE_ROWS = 50;
const SHARE = 0.1;

const failed = (table: string, error: unknown): void =>
  log("warn", { event: "postgres_analyze_failed", detail: table, errorName: (error as { code?: string }).code ?? (error as Error).name });

export class TableStatistics {
  private written = 0;
  /** The table's rows as its last statistics counted them (pg_class.reltuples; -1, never analysed, as 0); read once, then after each analysis. */
  private counted: number | null = null;
  private analysing: Promise<void> | null = null;

  constructor(private readonly pool: Pool, private readonly table: string) {}

  /** Counts `rows` written (a day replaced) and analyses the table, waited for, when they reach the share. Never fails the write. */
  async wrote(rows: number): Promise<void> {
    this.written += rows;
    if (this.analysing) return this.analysing;
    try {
      this.counted ??= await this.rowsCounted();
    } catch (error) {
      return failed(this.table, error);
    }
    if (this.analysing || this.written < BASE_ROWS + SHARE * this.counted) return this.analysing ?? undefined;
    this.written = 0;
    this.analysing = this.analyse().finally(() => (this.analysing = null));
    return this.analysing;
  }

  private async analyse(): Promise<void> {
    try {
      await this.pool.query(`ANALYZE ${this.table}`);
      this.counted = await this.rowsCounted();
    } catch (error) {
      failed(this.table, error);
    }
  }

  private async rowsCounted(): Promise<number> {
    const { rows } = await this.pool.query<{ n: number | null }>("SELECT reltuples::float8 AS n FROM pg_class WHERE oid = to_regclass($1)", [this.table]);
    return Math.max(0, rows[0]?.n ?? 0);
  }
}
