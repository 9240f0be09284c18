// The refunds' and chargebacks' rows as the reports read them (EventFigureRow), as columns, as
// they cross from the store's worker thread to the main thread (issue #25 point 8): two years of
// refunds at scale 20 (~35 k rows of 20 fields) were 23.6 MiB of objects, whose copy took ~0.6 s
// of the event loop to decode. Only the fields a report reads cross: the record's id, status,
// kind, reason and dimensions stay in the table (its filters read them there), which took the
// worker ~1 s of a first Refunds visit to read out at scale 20 (docs/benchmarks.md, "The Refunds
// report reads the fields it counts"). Texts are numbers into one list of each distinct text (an
// order's id is distinct, a currency takes a few values), numbers typed arrays. Null is -1 for a
// text, NaN for a number.
import type { EventFigureRow } from "./event-fact-store";
import { withTransfer } from "./worker/transfer";

const TEXTS = ["currency", "orderId"] as const;
const NUMBERS = ["saleId", "at", "daysBucket", "saleAt"] as const;
export type EventTextField = (typeof TEXTS)[number];
export type EventNumberField = (typeof NUMBERS)[number];

export interface EventFactColumns {
  length: number;
  /** Each distinct text, once: a text column holds its place here. */
  texts: string[];
  text: Record<EventTextField, Int32Array>;
  number: Record<EventNumberField, Float64Array>;
  amountCents: Float64Array;
  /** FULL_TYPE, DISPUTE and WON bits. */
  flags: Uint8Array;
}

const FULL_TYPE = 1;
const DISPUTE = 2;
const WON = 4;

/** Each text field's values as places in one list of the distinct texts, placed field by field, row by row (-1: none). */
function placedTexts(n: number, valuesOf: (field: EventTextField) => (row: number) => string | null): { texts: string[]; text: Record<EventTextField, Int32Array> } {
  const places = new Map<string, number>();
  const texts: string[] = [];
  const text = Object.fromEntries(TEXTS.map((f) => [f, new Int32Array(n)])) as Record<EventTextField, Int32Array>;
  for (const field of TEXTS) {
    const column = text[field];
    const valueOf = valuesOf(field);
    for (let i = 0; i < n; i++) {
      const value = valueOf(i);
      if (value === null) {
        column[i] = -1;
        continue;
      }
      let place = places.get(value);
      if (place === undefined) places.set(value, (place = texts.push(value) - 1));
      column[i] = place;
    }
  }
  return { texts, text };
}

export function eventColumnsOf(rows: readonly EventFigureRow[]): EventFactColumns {
  const n = rows.length;
  const { texts, text } = placedTexts(n, (field) => (i) => rows[i]![field]);
  const number = Object.fromEntries(NUMBERS.map((f) => [f, new Float64Array(n)])) as Record<EventNumberField, Float64Array>;
  const columns: EventFactColumns = { length: n, texts, text, number, amountCents: new Float64Array(n), flags: new Uint8Array(n) };
  for (const field of NUMBERS) {
    const column = number[field];
    for (let i = 0; i < n; i++) column[i] = rows[i]![field] ?? NaN;
  }
  for (let i = 0; i < n; i++) {
    const r = rows[i]!;
    columns.amountCents[i] = r.amountCents;
    columns.flags[i] = (r.fullType ? FULL_TYPE : 0) | (r.dispute ? DISPUTE : 0) | (r.won ? WON : 0);
  }
  return columns;
}

/**
 * The same columns from values already a column per field (a back-end read a column at a time):
 * texts null where absent, numbers NaN where absent, the three flags 1 or 0. The texts are placed
 * field by field, row by row, as eventColumnsOf places them.
 */
export function eventColumnsOfFields(
  n: number,
  textsOf: Readonly<Record<EventTextField, ArrayLike<string | null>>>,
  number: Record<EventNumberField, Float64Array>,
  amountCents: Float64Array,
  flagsOf: Readonly<{ fullType: Float64Array; dispute: Float64Array; won: Float64Array }>,
): EventFactColumns {
  const { texts, text } = placedTexts(n, (field) => {
    const values = textsOf[field];
    return (i) => values[i]!;
  });
  const flags = new Uint8Array(n);
  for (let i = 0; i < n; i++) flags[i] = (flagsOf.fullType[i] === 1 ? FULL_TYPE : 0) | (flagsOf.dispute[i] === 1 ? DISPUTE : 0) | (flagsOf.won[i] === 1 ? WON : 0);
  return { length: n, texts, text, number, amountCents, flags };
}

/** A fresh answer no one here reads again, marked so that its arrays move to the caller's thread (worker/transfer.ts). */
export const eventColumnsToMove = (columns: EventFactColumns): EventFactColumns =>
  withTransfer(columns, [...Object.values(columns.text), ...Object.values(columns.number), columns.amountCents, columns.flags]);

/** The rows again, as the store read them. */
export function eventRowsOf(columns: EventFactColumns): EventFigureRow[] {
  const { texts, text, number } = columns;
  const str = (field: EventTextField, i: number): string | null => {
    const place = text[field][i]!;
    return place < 0 ? null : texts[place]!;
  };
  const num = (field: EventNumberField, i: number): number | null => {
    const value = number[field][i]!;
    return Number.isNaN(value) ? null : value;
  };
  const rows: EventFigureRow[] = new Array<EventFigureRow>(columns.length);
  for (let i = 0; i < columns.length; i++) {
    const flags = columns.flags[i]!;
    rows[i] = {
      saleId: num("saleId", i),
      at: num("at", i),
      currency: str("currency", i),
      amountCents: columns.amountCents[i]!,
      fullType: (flags & FULL_TYPE) !== 0,
      dispute: (flags & DISPUTE) !== 0,
      won: (flags & WON) !== 0,
      daysBucket: num("daysBucket", i),
      saleAt: num("saleAt", i),
      orderId: str("orderId", i),
    };
  }
  return rows;
}
