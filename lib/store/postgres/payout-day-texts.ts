// The payout calendar's read on PostgreSQL: a day's rows as one text, parsed here a character at
// a time. Sent as rows (payoutStatement's), two years at scale 20 are 1.1 M rows of 13 fields,
// and pg's parsing of them (a string per field, a row array, Number of each) took 5-8 s of the
// server's event loop after a 1.8 s statement (docs/benchmarks.md, "PostgreSQL's payout read a
// day at a time"). A day as one text is one field of one row: the parse below reads its digits
// with no string per number, and gives the event loop back between days.
import { PayoutColumnsBuilder, type PayoutSaleColumns } from "@/lib/records/payout-columns";
import { soldMsOf } from "@/lib/timestamps";
import { currencyExpression, forDialect, type Statement } from "../purchase-fact-sql";
import type { PurchaseFactPlan } from "../purchase-fact-store";

/**
 * A text field as it is sent: itself when it holds no separator and does not begin with `x`;
 * otherwise `x` and its UTF-8 bytes in hex (a product's name may hold a comma). Tested with
 * strpos, not a regular expression: over 1.1 M rows a pattern per row cost PostgreSQL ~0.5 s,
 * and places in lists of the range's texts (array_position) needed a DISTINCT of the range first (0.85 s).
 */
const sent = (column: string) =>
  `CASE WHEN strpos(${column}, ',') = 0 AND strpos(${column}, E'\\n') = 0 AND left(${column}, 1) <> 'x' THEN ${column} ELSE 'x' || encode(convert_to(${column}, 'UTF8'), 'hex') END`;

/**
 * The fields of a sale, in this order: purchase id, created_at, available_at (each empty when NULL),
 * currency (placed), product, creator net, affiliation net, transaction, refunded (cents),
 * purchase's created text. One text per day, its rows in stored order joined by newlines; the days
 * newest first: payoutStatement's rows and order. The text is the row's `t`.
 */
export function payoutDayTextsStatement(table: string, account: string, range: { from: string; to: string }, currency: PurchaseFactPlan["currency"]): Statement {
  const args: unknown[] = [];
  const placed = currencyExpression({ currency }, args);
  args.push(account, range.from, range.to);
  const text = `SELECT string_agg(concat(r.purchase_id, ',', r.created_at, ',', r.available_at, ',', ${sent("r.currency")}, ',', ${sent("r.sort_product")}, ',',
      r.creator_net_cents, ',', r.affiliation_net_cents, ',', r.transaction_cents, ',', r.refunded_cents, ',', ${sent("r.purchase_created_at")}), E'\\n' ORDER BY r.seq) AS t
    FROM (SELECT f.day, f.seq, f.purchase_id, f.created_at, f.available_at, ${placed} AS currency, f.sort_product,
      f.creator_net_cents, f.affiliation_net_cents, f.transaction_cents, f.refunded_cents, f.purchase_created_at
      FROM ${table} f WHERE f.account = ? AND f.day >= ? AND f.day <= ?) r
    GROUP BY r.day ORDER BY r.day DESC`;
  return forDialect("postgres", { text, args });
}

const COMMA = 44;
const MINUS = 45;
const X = 120;

/** The event loop is given back between days, once this many rows have been parsed since it last was. */
const ROWS_PER_TURN = 50_000;

/** How many rows a day's text holds (one more than its newlines). */
function rowsIn(s: string): number {
  let rows = s.length > 0 ? 1 : 0;
  for (let at = s.indexOf("\n"); at >= 0; at = s.indexOf("\n", at + 1)) rows++;
  return rows;
}

/** A cursor over one day's text: each read takes a field and the separator after it. */
class DayText {
  at = 0;
  constructor(private readonly s: string) {}

  /** A whole number (a sign allowed); NaN when the field is empty. Past 15 digits, read as Number reads the digits. */
  integer(): number {
    const s = this.s;
    const start = this.at;
    let i = start;
    const negative = s.charCodeAt(i) === MINUS;
    if (negative) i++;
    let n = 0;
    for (let c = s.charCodeAt(i); c >= 48 && c <= 57; c = s.charCodeAt(++i)) n = n * 10 + (c - 48);
    const digits = i - start - (negative ? 1 : 0);
    if (s.charCodeAt(i) !== COMMA) {
      // Not PostgreSQL's output of a number: read as Number reads the field.
      const end = s.indexOf(",", start);
      this.at = end + 1;
      return Number(s.slice(start, end));
    }
    this.at = i + 1;
    if (digits === 0) return NaN;
    if (digits > 15) return Number(s.slice(start, i));
    return negative ? -n : n;
  }

  /** A text field up to `separator` (or the text's end): itself, or its hexed bytes. */
  text(separator: string): string {
    const s = this.s;
    const start = this.at;
    let end = s.indexOf(separator, start);
    if (end < 0) end = s.length;
    this.at = end + 1;
    return s.charCodeAt(start) === X ? Buffer.from(s.slice(start + 1, end), "hex").toString("utf8") : s.slice(start, end);
  }
}

/**
 * The payout columns of payoutDayTextsStatement's days, as payoutColumnsOf makes them of
 * payoutStatement's rows: the sold instant by the records' rule, a purchase stored on two days
 * counted once (its newest day's).
 */
export async function payoutColumnsOfDayTexts(days: readonly string[]): Promise<PayoutSaleColumns> {
  const counts = days.map(rowsIn);
  const columns = new PayoutColumnsBuilder(counts.reduce((n, c) => n + c, 0));
  let sinceTurn = 0;
  for (let d = 0; d < days.length; d++) {
    const count = counts[d]!;
    const day = new DayText(days[d]!);
    for (let row = 0; row < count; row++) {
      const purchaseId = day.integer();
      const createdAt = day.integer();
      const availableMs = day.integer();
      const currency = day.text(",");
      const product = day.text(",");
      const creatorNet = day.integer();
      const affiliationNet = day.integer();
      const transaction = day.integer();
      const refunded = day.integer();
      const soldMs = soldMsOf(day.text("\n"), () => createdAt);
      columns.pushValues(purchaseId, soldMs, availableMs, creatorNet, affiliationNet, transaction, refunded, product, currency);
    }
    sinceTurn += count;
    if (sinceTurn >= ROWS_PER_TURN) {
      sinceTurn = 0;
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
  }
  return columns.done();
}
