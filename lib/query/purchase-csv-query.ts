import "server-only";

// The purchases CSV's rows from the purchases fact table (issue #25 point 5: a CSV streams from a
// cursor in constant memory): the range's rows after the report's filters, their currency placed,
// in the records' order (newest UTC day first, a day in its stored order), read by keyset in
// batches, each within a window of days (csvWindowStart), one batch ahead of the writer. Each row is an array (FACT_CSV_FIELDS' values after its
// day and seq); the customer's masked name and e-mail and the card's last digits are filled in
// from the day's sealed cells, opened by the mirror's key (`open`), which the store never holds.
import type { CurrencyAssumption } from "@/lib/analytics/assumed-currency";
import { shiftDay, type IsoDay } from "@/lib/calendar";
import type { FactCustomerCells } from "@/lib/query/purchase-facts";
import type { FilterKey } from "@/lib/report-params/definitions";
import { batchedRows, type BatchedRows } from "@/lib/csv/rows";
import { FACT_CSV_FIELDS, jsonRows, SEALED_FIELDS } from "@/lib/store/purchase-csv-sql";
import type { FactCsvBatch, FactCsvCursor, FactCsvPreamble, PurchaseFactPlan, PurchaseFactStore } from "@/lib/store/purchase-fact-store";
import { purchasePlan } from "./purchase-query";

/** A row of the file from the fact table: [day, seq, ...FACT_CSV_FIELDS' values], the sealed ones filled in. */
export type FactCsvRow = unknown[];

/**
 * Rows per batch: ten days of a large account (a few MiB of JSON text), small enough that two
 * batches in memory are nothing. Each batch costs a snapshot, two statements and a message
 * besides its rows: on DuckDB about 20 ms, a third of a 4,000-row batch (docs/benchmarks.md,
 * "The purchases CSV a window of days at a time").
 */
export const CSV_BATCH_ROWS = 16000;

export interface PurchaseCsvQuery {
  from: IsoDay;
  to: IsoDay;
  timeZone: string;
  filters: Partial<Record<FilterKey, readonly string[]>>;
  currency: CurrencyAssumption;
}

/** A day's sealed cells could not be opened (or were missing) while the file was written. */
export class CustomerCellsUnreadable extends Error {
  constructor(readonly day: string) {
    super(`The customer cells of ${day} could not be opened.`);
    this.name = "CustomerCellsUnreadable";
  }
}

/**
 * A day the file was writing was stored again (a newer fetch) before its last row was written:
 * its rows may have moved, so going on could repeat or skip rows, or put one customer's cells on
 * another's purchase. The download stops instead; the next one reads the new day whole.
 */
export class DayStoredAgainWhileWriting extends Error {
  constructor(readonly day: string) {
    super(`The purchases of ${day} were fetched again while the file was being written: download it again.`);
    this.name = "DayStoredAgainWhileWriting";
  }
}

/** Where the batch row holds each of a record's fields (after day and seq). */
export const factCsvIndex = (field: string): number => {
  const i = FACT_CSV_FIELDS.findIndex(([f]) => f === field);
  if (i < 0) throw new Error(`The purchases fact table holds no "${field}" for the CSV`);
  return i + 2;
};

const ID = factCsvIndex("purchaseId");
const ORDER = factCsvIndex("orderId");
const SEALED = Object.entries(SEALED_FIELDS).map(([field, cell]) => [factCsvIndex(field), cell] as const);

/** How many times a batch's stored rows a window is widened to at most, whatever a filter leaves of them (the last window, open to the range's start, and a day bigger than the batch hold more). */
const MAX_WINDOW_BATCHES = 64;

/**
 * The oldest day of a batch's window: from `newest` (the cursor's day) back through the days'
 * stored rows (newest first) until they hold `rows`; undefined when the days left hold fewer
 * (the batch reads to the range's first day). A window only bounds what a batch reads: the batch
 * still stops at its limit, and a short one is followed by the window before it.
 */
export function csvWindowStart(dayRows: FactCsvPreamble["dayRows"], newest: string, rows: number): string | undefined {
  let held = 0;
  for (const [day, stored] of dayRows) {
    if (day > newest) continue;
    held += stored;
    if (held >= rows) return day;
  }
  return undefined;
}

export function purchaseCsvPlan(query: PurchaseCsvQuery): PurchaseFactPlan {
  const { plan } = purchasePlan({ ...query, granularity: "day", keyType: "creator" });
  // The range's first instant and its end are all the batches read of the buckets.
  return { ...plan, bucketStarts: plan.bucketStarts.slice(0, 1) };
}

/**
 * The file's rows, or null when the table cannot give them (a day of the range whose rows were
 * written without their sealed cells): the caller then reads the records. `open` answers a day's
 * cells (undefined when they cannot be opened).
 */
export async function queryPurchaseCsvRows(
  store: PurchaseFactStore,
  account: string,
  query: PurchaseCsvQuery,
  open: (day: string, fetchedAt: number, sealed: Uint8Array) => unknown,
  batchRows = CSV_BATCH_ROWS,
): Promise<BatchedRows<FactCsvRow> | null> {
  const plan = purchaseCsvPlan(query);
  const preamble = await store.csvPreamble(account, plan.days);
  if (preamble.unsealedDays > 0) return null;
  // fetchRange keeps a purchase once over the range, from its newest day: an older copy is skipped
  // even when the newer one is outside the local range or the filters, as the records' path does.
  const newest = new Map(preamble.duplicates);
  // Each batch reads a window of days holding about a batch of stored rows, widened by what the
  // filters have left of the days passed so far (a filter that keeps one row in ten reads ten
  // batches' days at once): the rows read, against the stored rows of the days the cursor has left
  // behind whole (each counted once; the day it stands in is not yet).
  let storedPassed = 0;
  let rowsRead = 0;
  // The days from this one on are behind the cursor (at first none of the range's).
  let passedThrough = shiftDay(plan.days.to, 1);
  const pass = (boundary: string) => {
    for (const [day, stored] of preamble.dayRows) if (day >= boundary && day < passedThrough) storedPassed += stored;
    if (boundary < passedThrough) passedThrough = boundary;
  };
  interface Reading { batch: Promise<FactCsvBatch>; oldestDay: string | undefined }
  const read = (after: FactCsvCursor | null): Reading => {
    const widen = Math.min(MAX_WINDOW_BATCHES, Math.max(1, storedPassed / Math.max(1, rowsRead)));
    const start = csvWindowStart(preamble.dayRows, after?.day ?? plan.days.to, Math.ceil(batchRows * widen));
    const oldestDay = start !== undefined && start > plan.days.from ? start : undefined;
    const batch = store.csvBatch(account, { plan, limit: batchRows, after, ...(oldestDay && { oldestDay }) });
    // Read ahead: a download closed before it is awaited must not leave an unhandled rejection.
    batch.catch(() => undefined);
    return { batch, oldestDay };
  };
  /** What is read after a batch: from its last row when it was full, else the window before its own, else nothing. */
  const following = (rows: readonly FactCsvRow[], { oldestDay }: Reading): Reading | null => {
    rowsRead += rows.length;
    const last = rows.at(-1);
    if (last && rows.length === batchRows) {
      // The days after the last row's are behind the cursor whole.
      pass(shiftDay(last[0] as string, 1));
      return read({ day: last[0] as string, seq: Number(last[1]) });
    }
    // The window was read whole; the next starts with the whole of the day before its oldest (a cursor before that day's first row).
    pass(oldestDay ?? plan.days.from);
    return oldestDay === undefined ? null : read({ day: shiftDay(oldestDay, -1), seq: -1 });
  };
  // A batch at a time (csv/rows.ts): the writer takes its rows with one await, not one a row.
  async function* batches(): AsyncGenerator<FactCsvRow[]> {
    let next: Reading | null = read(null);
    let day: string | null = null;
    let dayFetchedAt: number | null = null;
    let cells: FactCustomerCells[] = [];
    while (next) {
      const batch: FactCsvBatch = await next.batch;
      const rows = jsonRows(batch.rows);
      // One batch ahead: the next is read (in the worker, or by PostgreSQL) while this one is written.
      // Every batch carries the cells of each of its days, the day it goes on with too: their fetch
      // tells whether that day was stored again between the two batches.
      next = following(rows, next);
      const opened = new Map<string, { fetchedAt: number; cells: FactCustomerCells[] }>();
      for (const c of batch.customers) {
        const value = c.sealed && open(c.day, c.fetchedAt, c.sealed);
        if (!Array.isArray(value)) throw new CustomerCellsUnreadable(c.day);
        opened.set(c.day, { fetchedAt: c.fetchedAt!, cells: value as FactCustomerCells[] });
      }
      const goingOn = day === null ? undefined : opened.get(day);
      if (goingOn && goingOn.fetchedAt !== dayFetchedAt) throw new DayStoredAgainWhileWriting(day!);
      // The batch's own array, rows that are not written (an older copy of a purchase) left out in place.
      let kept = 0;
      for (let i = 0; i < rows.length; i++) {
        const row = rows[i]!;
        const rowDay = row[0] as string;
        if (rowDay !== day) {
          const found = opened.get(rowDay);
          if (!found) throw new CustomerCellsUnreadable(rowDay);
          day = rowDay;
          dayFetchedAt = found.fetchedAt;
          cells = found.cells;
        }
        // PostgreSQL answers BIGINT as text.
        const id = Number(row[ID]);
        if (newest.size > 0 && newest.has(id) && newest.get(id) !== rowDay) continue;
        row[ID] = id;
        if (row[ORDER] !== null) row[ORDER] = Number(row[ORDER]);
        const customer = cells[Number(row[1])];
        if (!customer) throw new CustomerCellsUnreadable(rowDay);
        for (const [at, cell] of SEALED) row[at] = customer[cell];
        rows[kept++] = row;
      }
      rows.length = kept;
      if (kept > 0) yield rows;
    }
  }
  return batchedRows(batches);
}
