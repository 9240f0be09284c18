// The payout calendar's read on PostgreSQL: a day's rows as one text, parsed here a character at
// a time. Sent as rows (payoutStatement's), two years at scale 20 are 1.1 M rows of 13 fields,
// and pg's parsing of them (a string per field, a row array, Number of each) took 5-8 s of the
// server's event loop after a 1.8 s statement (docs/benchmarks.md, "PostgreSQL's payout read a
// day at a time"). A day as one text is one field of one row: the parse below reads its digits
// with no string per number, and gives the event loop back between days. Each day's text is kept
// with its mark, written with its rows (migration 0025, keptPayoutTextOf): a first calendar reads
// the stored texts instead of making them of two years of rows.
import { NUMBER_COLUMNS, PayoutColumnsBuilder, type NumberColumn, type PayoutSaleColumns } from "@/lib/records/payout-columns";
import { soldMsAt, soldMsOf } from "@/lib/timestamps";
import type { SnapshotReader } from "../async-purchase-fact-store";
import { currencyExpression, forDialect, placingOffer, type Statement } from "../purchase-fact-sql";
import type { PurchaseFactPlan } from "../purchase-fact-store";

/**
 * A text field as it is sent: itself when it holds no separator and does not begin with `x`;
 * otherwise `x` and its UTF-8 bytes in hex (a product's name may hold a comma). Tested with
 * strpos, not a regular expression: over 1.1 M rows a pattern per row cost PostgreSQL ~0.5 s,
 * and places in lists of the range's texts (array_position) needed a DISTINCT of the range first (0.85 s).
 */
const sent = (column: string) =>
  `CASE WHEN strpos(${column}, ',') = 0 AND strpos(${column}, E'\\n') = 0 AND left(${column}, 1) <> 'x' THEN ${column} ELSE 'x' || encode(convert_to(${column}, 'UTF8'), 'hex') END`;

/** A row's text after its product: creator net, affiliation net, transaction, refunded (cents), the purchase's created text. `r`: the row's alias. */
const numbersAndSold = (r: string) =>
  `${r}.creator_net_cents, ',', ${r}.affiliation_net_cents, ',', ${r}.transaction_cents, ',', ${r}.refunded_cents, ',', ${sent(`${r}.purchase_created_at`)}`;

/**
 * A day's rows as one text, each row's fields (purchase id, created_at, available_at, each empty
 * when NULL, the placed currency, the product, numbersAndSold's) joined by commas, its rows by
 * newlines in stored order; the days newest first: payoutStatement's rows and order.
 * The text is the row's `t`, its day `day`. `days`: the days read (those whose kept text is not
 * of their fetch: payoutDayTexts), newest first; the range from the last to the first bounds the
 * primary key's read.
 */
export function payoutDayTextsStatement(table: string, account: string, days: readonly string[], currency: PurchaseFactPlan["currency"]): Statement {
  const args: unknown[] = [];
  const placed = currencyExpression({ currency }, args);
  args.push(account, days.at(-1), days[0], days);
  const text = `SELECT r.day, string_agg(concat(r.purchase_id, ',', r.created_at, ',', r.available_at, ',', ${sent("r.currency")}, ',', ${sent("r.sort_product")}, ',', ${numbersAndSold("r")}), E'\\n' ORDER BY r.seq) AS t
    FROM (SELECT f.day, f.seq, f.purchase_id, f.created_at, f.available_at, ${placed} AS currency, f.sort_product,
      f.creator_net_cents, f.affiliation_net_cents, f.transaction_cents, f.refunded_cents, f.purchase_created_at
      FROM ${table} f WHERE f.account = ? AND f.day >= ? AND f.day <= ? AND f.day = ANY(?::text[])) r
    GROUP BY r.day ORDER BY r.day DESC`;
  return forDialect("postgres", { text, args });
}

/**
 * The day's payout text kept with its mark (migration 0025 holds the same for the days written
 * before it), set as `(payout_at, payout_names, payout_rows)`: the fetch it describes (`at`); the
 * day's names as JSON, `currencies` (pairs of own currency and the offer a row without one is
 * placed by, "" for a row with one: currencyExpression does not read it then) and `products`; and
 * its rows as payoutDayTextsStatement writes them, but for the currency and the product, each sent
 * as its place (0-based) in those lists: the currency to be placed when read (payoutDayTexts: the
 * placement is the reader's currency decision, the rows the write's), the product named once a
 * day, not once a row. `where`: the day's rows of `rows` as `f`.
 */
export function keptPayoutTextOf(rows: string, where: string, at: string): string {
  const offer = placingOffer("f");
  // A product without a name is sent as "" (concat's NULL), as payoutDayTextsStatement's rows send it.
  const product = "COALESCE(f.sort_product, '')";
  return `(WITH r AS (SELECT f.*, ${offer} AS placed_by, ${product} AS product_name,
        DENSE_RANK() OVER (ORDER BY f.currency, ${offer}) - 1 AS k, DENSE_RANK() OVER (ORDER BY ${product}) - 1 AS p FROM ${rows} f WHERE ${where})
    SELECT ${at}, json_build_object(
        'currencies', COALESCE((SELECT json_agg(json_build_array(c.currency, c.placed_by) ORDER BY c.k) FROM (SELECT DISTINCT r.currency, r.placed_by, r.k FROM r) c), '[]'::json),
        'products', COALESCE((SELECT json_agg(n.product_name ORDER BY n.p) FROM (SELECT DISTINCT r.product_name, r.p FROM r) n), '[]'::json))::text,
      (SELECT string_agg(concat(r.purchase_id, ',', r.created_at, ',', r.available_at, ',', r.k, ',', r.p, ',', ${numbersAndSold("r")}), E'\\n' ORDER BY r.seq) FROM r))`;
}

/** Days (newest first) as their newer and their older half (the newer first, the bigger by one), or themselves when they are one day. */
export function halvesOf(days: readonly string[]): string[][] {
  if (days.length < 2) return [[...days]];
  const middle = Math.ceil(days.length / 2);
  return [days.slice(0, middle), days.slice(middle)];
}

/** A day's text as read: `names` (a kept text's) are what its rows' currency and product fields name by place. */
export interface PayoutDayText { t: string; names?: { currencies: readonly string[]; products: readonly string[] } }

interface Tables { rows: string; days: string }

/**
 * The range's days' payout texts, newest day first: each day's kept text where it is of the day's
 * fetch, its currencies placed here in SQL by currencyExpression (as the rows' statement places
 * them); the other days' from their rows (payoutDayTextsStatement), in two halves read side by
 * side (PostgreSQL 15 aggregates texts in order on one core: two years at scale 20 took 2.1 s in
 * one statement, docs/benchmarks.md). Two years of kept texts at scale 20 are read in 0.3 s,
 * where the rows' two halves took 3.1 and 3.8 s side by side (docs/benchmarks.md).
 */
export async function payoutDayTexts(reader: SnapshotReader, tables: Tables, account: string, range: { from: string; to: string }, currency: PurchaseFactPlan["currency"]): Promise<PayoutDayText[]> {
  const args: unknown[] = [];
  const placed = currencyExpression({ currency }, args);
  args.push(account, range.from, range.to);
  const kept = await reader.all<{ day: string; current: boolean; t: string | null; currencies: string | null; products: string | null }>(
    forDialect("postgres", {
      text: `SELECT m.day, m.current, CASE WHEN m.current THEN m.payout_rows END AS t,
          CASE WHEN m.current THEN (SELECT json_agg(${placed} ORDER BY x.i) FROM json_array_elements(m.names -> 'currencies') WITH ORDINALITY AS x(v, i)
            CROSS JOIN LATERAL (SELECT x.v ->> 0 AS currency, x.v ->> 1 AS currency_offer) f)::text END AS currencies,
          CASE WHEN m.current THEN (m.names -> 'products')::text END AS products
        FROM (SELECT d.day, d.payout_rows, d.payout_names::json AS names, d.payout_at IS NOT NULL AND d.payout_at = d.fetched_at AS current
          FROM ${tables.days} d WHERE d.account = ? AND d.day >= ? AND d.day <= ?) m`,
      args,
    }),
  );
  const texts = new Map<string, PayoutDayText>();
  const stale: string[] = [];
  const list = (json: string | null) => JSON.parse(json ?? "[]") as string[];
  for (const k of kept) {
    if (!k.current) stale.push(k.day);
    else if (k.t !== null) texts.set(k.day, { t: k.t, names: { currencies: list(k.currencies), products: list(k.products) } });
  }
  stale.sort().reverse();
  if (stale.length > 0) {
    const [newer, older] = halvesOf(stale).map((days) => payoutDayTextsStatement(tables.rows, account, days, currency));
    // Started first: its snapshot's export goes ahead of the newer half's statement on the read's connection.
    const olderRows = older ? (reader.beside ?? reader.all)<{ day: string; t: string }>(older) : Promise.resolve([]);
    // Awaited below; held meanwhile should the newer half fail first.
    olderRows.catch(() => undefined);
    const newerRows = await reader.all<{ day: string; t: string }>(newer!);
    for (const r of [...newerRows, ...(await olderRows)]) texts.set(r.day, { t: r.t });
  }
  return [...texts].sort(([a], [b]) => (a < b ? 1 : a > b ? -1 : 0)).map(([, text]) => text);
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

  /** The row's last field, the purchase's created text, as the sold instant (soldMsOf's rule; `createdAt` when empty), read in place unless hexed. */
  soldMs(createdAt: number): number {
    const s = this.s;
    const start = this.at;
    if (s.charCodeAt(start) === X) return soldMsOf(this.text("\n"), () => createdAt);
    let end = s.indexOf("\n", start);
    if (end < 0) end = s.length;
    this.at = end + 1;
    return soldMsAt(s, start, end, () => createdAt);
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
 * The payout columns of the days' texts (payoutDayTexts'), as payoutColumnsOf makes them of
 * payoutStatement's rows: the sold instant by the records' rule, a purchase stored on two days
 * counted once (its newest day's). A day's rows are parsed into columns, then added to the
 * builder at once (pushColumns), their currency and product as places in the day's names or, for
 * a day sent from its rows, as texts.
 */
export async function payoutColumnsOfDayTexts(days: readonly PayoutDayText[]): Promise<PayoutSaleColumns> {
  const counts = days.map((d) => rowsIn(d.t));
  const columns = new PayoutColumnsBuilder(counts.reduce((n, c) => n + c, 0));
  const most = counts.reduce((n, c) => Math.max(n, c), 0);
  const numbers = Object.fromEntries(NUMBER_COLUMNS.map((c) => [c, new Float64Array(most)])) as Record<NumberColumn, Float64Array>;
  const product = { place: new Float64Array(most), text: new Array<string>(most) };
  const currency = { place: new Float64Array(most), text: new Array<string>(most) };
  let sinceTurn = 0;
  for (let d = 0; d < days.length; d++) {
    const count = counts[d]!;
    const { t, names } = days[d]!;
    const day = new DayText(t);
    const name = (into: { place: Float64Array; text: string[] }, row: number, list: readonly string[] | undefined) => {
      if (list) into.place[row] = placeIn(list, day.integer());
      else {
        into.place[row] = NaN;
        into.text[row] = day.text(",");
      }
    };
    for (let row = 0; row < count; row++) {
      numbers.purchaseId[row] = day.integer();
      const createdAt = day.integer();
      numbers.availableMs[row] = day.integer();
      name(currency, row, names?.currencies);
      name(product, row, names?.products);
      numbers.creatorNet[row] = day.integer();
      numbers.affiliationNet[row] = day.integer();
      numbers.transaction[row] = day.integer();
      numbers.refunded[row] = day.integer();
      numbers.soldMs[row] = day.soldMs(createdAt);
    }
    columns.pushColumns(count, numbers, { ...product, names: names?.products ?? [] }, { ...currency, names: names?.currencies ?? [] });
    sinceTurn += count;
    if (sinceTurn >= ROWS_PER_TURN) {
      sinceTurn = 0;
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
  }
  return columns.done();
}

/** A name's place (1-based, pushColumns') from a row's 0-based place in its day's list: a place the list lacks is a text not written by keptPayoutTextOf, read as no answer rather than a wrong one. */
function placeIn(list: readonly string[], place: number): number {
  if (!(Number.isInteger(place) && place >= 0 && place < list.length)) throw new Error(`A kept payout text names ${place} of ${list.length} names`);
  return place + 1;
}
