// The readers of a streamed statement's columns (the DuckDB store's `columns`) that cannot size
// their columns beforehand: the refunds' and chargebacks' rows (event-fact-sql.ts) and the sales
// they name (refund-fact-sql.ts).
import type { ColumnBatch } from "./async-purchase-fact-store";

/**
 * A statement's batches of columns gathered into one column of each, as long as the rows: a DOUBLE
 * column as a Float64Array, any other as an array. Each batch's columns are read as it comes (its
 * chunk is not held beside them) and kept until the last, since a stream does not say how many
 * rows come, then put together: a refund list is ~100 k rows, the sales it names ~33 k.
 */
export async function gatheredColumns(batches: AsyncIterable<ColumnBatch>, width: number): Promise<{ columns: Array<Float64Array | unknown[]>; rowCount: number }> {
  const parts: Array<Array<ArrayLike<unknown>>> = Array.from({ length: width }, () => []);
  let rowCount = 0;
  for await (const batch of batches) {
    for (let c = 0; c < width; c++) parts[c]!.push(batch.column(c));
    rowCount += batch.length;
  }
  const columns = parts.map((column): Float64Array | unknown[] => {
    // No batch (no row): an empty column.
    if (column.length === 0 || column[0] instanceof Float64Array) {
      const numbers = new Float64Array(rowCount);
      let at = 0;
      for (const part of column as Float64Array[]) {
        numbers.set(part, at);
        at += part.length;
      }
      return numbers;
    }
    const values = new Array<unknown>(rowCount);
    let at = 0;
    for (const part of column) for (let i = 0; i < part.length; i++) values[at++] = part[i];
    return values;
  });
  return { columns, rowCount };
}
