// The column types the DuckDB fact stores declare their tables with (DuckDbFactTable's `types`):
// named once, as PostgreSQL's migrations give them.
export const text = { type: "VARCHAR" } as const;
export const bigint = { type: "BIGINT" } as const;
export const integer = { type: "INTEGER" } as const;
export const double = { type: "DOUBLE" } as const;

/** The column may hold NULL. */
export const nullable = <T extends object>(column: T) => ({ ...column, nullable: true });
