// The Abandonment report's panels as SQL aggregates (cart-panel-store.ts), one text for the
// back-ends (SQLite, PostgreSQL, DuckDB) where the dialects agree. The range's carts after the filters are read from the carts
// fact table once, each cart once (its first copy in the records' order, as fetchRange gives it),
// into a selection table with every key the panels group by already read as the record engine
// reads it ("none" for a cart without the value); likewise the range's purchases from the
// purchases fact table beside it. Every panel is then a grouping of those, in the store; where the
// days' marks say no purchase and no checkout's front purchase repeats, the purchases are grouped
// straight from their table instead (purchasesGrouped), and on DuckDB, where they say no cart
// repeats, the carts too: no selection of them is filled (withCartRows).
import { NONE, UNKNOWN_CURRENCY } from "@/lib/records/keys";
import { CART_DIMENSION_COLUMN } from "./cart-fact-sql";
import { filterConditions } from "./order-fact-sql";
import { days, forDialect, PARALLEL_FILL, rangeRows, type FactDialect, type Statement } from "./purchase-fact-sql";
import type { CartPanelGroups, CartPanelPlan } from "./cart-panel-store";

export const CART_SELECTION = "cart_selection";
export const PURCHASE_SELECTION = "cart_purchase_selection";

const orNone = (column: string) => `COALESCE(NULLIF(${column}, ''), '${NONE}')`;

// The funnel's last step a cart reached (lastStepOf): the latest of its instants present, else
// the session's, which every cart has. The steps' order is the query's (plan.funnelFields).
const STEP_COLUMNS: Partial<Record<string, string>> = { firstAttemptAt: "first_attempt_at", firstApprovedAt: "first_approved_at", purchasedAt: "purchased_at" };
const stepOf = (fields: readonly string[]) =>
  `CASE ${fields.map((field, i) => ({ column: STEP_COLUMNS[field], i }))
    .filter((step) => step.column !== undefined)
    .reverse()
    .map((step) => `WHEN f.${step.column} IS NOT NULL THEN ${step.i}`)
    .join(" ")} ELSE 1 END`;

/** The selection's columns, each with what it is read from on the carts fact table `f`. */
function selectionColumns(plan: CartPanelPlan, args: unknown[]): Array<[string, string]> {
  // A cart's currency is its offer's told one (cartCurrencyResolver), else "unknown" per offer.
  const whens = plan.currencies.map(([offer, currency]) => {
    args.push(offer, currency);
    return "WHEN f.offer = ? THEN ?";
  });
  const unknown = `CASE WHEN f.offer <> '' THEN '${UNKNOWN_CURRENCY}:' || f.offer ELSE '${UNKNOWN_CURRENCY}' END`;
  const dimension = (d: keyof typeof CART_DIMENSION_COLUMN) => orNone(`f.${CART_DIMENSION_COLUMN[d]}`);
  return [
    ["checkout_id", "f.checkout_id"], ["day", "f.day"], ["seq", "f.seq"],
    ["currency", whens.length > 0 ? `CASE ${whens.join(" ")} ELSE ${unknown} END` : unknown],
    ["offer", dimension("offer")], ["offer_name", "f.offer_name"], ["product", dimension("product")],
    ["country", dimension("country")], ["state", orNone("f.state")],
    ["psp", dimension("psp")], ["method", dimension("method")], ["brand", dimension("brand")],
    ["code", "NULLIF(f.decline_code, '')"], ["version", orNone("f.checkout_version")], ["mode", orNone("f.session_mode")],
    ["cents", "f.amount_cents"], ["attempts", "COALESCE(f.attempts, 0)"], ["approved", "COALESCE(f.approved, 0)"], ["declined", "COALESCE(f.declined, 0)"],
    ["recovered", "f.recovered"], ["session_at", "f.session_at"], ["session_day", "substr(f.session_text, 1, 10)"],
    ["abandoned_at", "f.abandoned_at"], ["purchased_at", "f.purchased_at"], ["step", stepOf(plan.funnelFields)],
  ];
}

/** The carts' columns the KPI groupings read (panelStatements with `only: "kpis"`) and the fill orders by; only the currency's expression takes arguments, and it stays. */
const KPI_COLUMNS = new Set(["checkout_id", "day", "seq", "currency", "cents", "recovered", "session_at", "session_day", "abandoned_at"]);

const PURCHASE_COLUMNS = ["purchase_id", "day", "seq", "currency", "front", "checkout", "offer", "created_day"];

/** The carts' and the purchases' days tables, where each day's mark counts its records also stored on another day (`repeats`), and the purchases' their front purchases whose checkout another has (`checkout_repeats`). */
export interface RepeatMarks { carts: string; purchases: string }

/**
 * Which selection's rows hold each record once (no day of the range says a record of it repeats:
 * repeatFreeStatement); `checkouts`: no day of the purchases' range says one of its front purchases
 * shares its checkout with another front purchase.
 */
export interface SelectionsOnce { carts: boolean; purchases: boolean; checkouts: boolean }

const NUMBER_COPIES: SelectionsOnce = { carts: false, purchases: false, checkouts: false };

/**
 * Whether the purchased checkouts and the purchases' days are one grouping of the purchases'
 * range, read from their fact table (purchasedDaysStatement), with no purchases' selection: when
 * the range holds each purchase once and each checkout's front purchase once, no copy or second
 * front purchase is there to set aside. Two years at scale 20 on PostgreSQL: the selection's fill,
 * the purchased checkouts' numbering and the days' union took 2.5 s, the grouping 1.3-1.5 s
 * (docs/benchmarks.md).
 */
const purchasesGrouped = (once: SelectionsOnce) => once.purchases && once.checkouts;

/** The conditions of the plan's carts on the carts fact table `f`: the account, the range, the filters. */
function cartRange(dialect: FactDialect, account: string, plan: CartPanelPlan, args: unknown[]): string {
  args.push(account, plan.days.from, plan.days.to, plan.startMs, plan.endMs);
  const filters = filterConditions(plan, args);
  // Without a filter every row of the range is read: SQLite reads them faster along the primary
  // key's days than through the time index (purchase-fact-sql.ts's unfilteredRange); with one, the
  // dimension's index.
  const range = filters ? `${days(dialect)} AND f.session_at` : `f.day >= ? AND f.day <= ? AND ${dialect === "sqlite" ? "+" : ""}f.session_at`;
  return `f.account = ? AND ${range} >= ? AND f.session_at < ?${filters}`;
}

/** The statements that fill the two selections (created empty by the store): the plan's carts, then its purchases; and the carts' rows a DuckDB grouping reads instead of their selection (withCartRows). */
export function selectionStatements(dialect: FactDialect, tables: { carts: string; purchases: string }, account: string, plan: CartPanelPlan, once: SelectionsOnce = NUMBER_COPIES): { carts: Statement; purchases: Statement; cartRows: Statement } {
  const cartArgs: unknown[] = [];
  // A comparison's KPIs read a few of the carts' columns: the others stay empty (a fifth less to fill).
  const columns = selectionColumns(plan, cartArgs).filter(([c]) => plan.only !== "kpis" || KPI_COLUMNS.has(c));
  const cartRows = `SELECT ${columns.map(([c, e]) => `${e} AS ${c}`).join(", ")} FROM ${tables.carts} f WHERE ${cartRange(dialect, account, plan, cartArgs)}`;
  const purchaseArgs: unknown[] = [];
  const rows = rangeRows(dialect, plan.purchases, tables.purchases, account, purchaseArgs, "f.day, f.seq, f.purchase_id, f.purchase_type, f.checkout_id, f.offer_code, f.checkout_initialized_at");
  // A checkout's id "" is none (purchasedCheckouts).
  const purchaseRows = `SELECT r.purchase_id, r.day, r.seq, r.currency, CASE WHEN r.purchase_type = 'front' THEN 1 ELSE 0 END AS front, NULLIF(r.checkout_id, '') AS checkout,
    ${orNone("r.offer_code")} AS offer, substr(r.checkout_initialized_at, 1, 10) AS created_day FROM ${rows}`;
  return {
    carts: forDialect(dialect, { text: (once.carts ? allRows : firstCopies)(dialect, CART_SELECTION, columns.map(([c]) => c), cartRows, "checkout_id"), args: cartArgs }),
    purchases: forDialect(dialect, { text: (once.purchases ? allRows : firstCopies)(dialect, PURCHASE_SELECTION, PURCHASE_COLUMNS, purchaseRows, "purchase_id"), args: purchaseArgs }),
    // The carts' rows as the selection's columns, copies and all (what `allRows` fills it with).
    cartRows: forDialect(dialect, { text: cartRows, args: cartArgs }),
  };
}

/**
 * DuckDB, where the range's carts hold each record once, fills no carts' selection: each
 * grouping reads the carts' rows straight from their table, as a common table expression named as
 * the selection (`rows`, selectionStatements' cartRows). A columnar engine reads only the columns a
 * grouping groups by, and zone maps skip the other days: two years at scale 20 took 0.8-0.9 s to
 * fill the selection (keeping its rows' order, writing every column) and 1.7-1.9 s for the whole
 * read; read inline, 0.85 s for every grouping together (docs/benchmarks.md).
 */
// DuckDB's alone: its placeholders are `?`, the arguments of the expression first as its text
// is; PostgreSQL's `$n` are numbered in each text from 1 (forDialect), and would not add up.
const withCartRows = (rows: Statement) => (statement: Statement): Statement => ({ text: `WITH ${CART_SELECTION} AS (${rows.text}) ${statement.text}`, args: [...rows.args, ...statement.args] });

/**
 * Fills a selection with each record once, its first copy in the records' order (newest day
 * first, a day in its stored order), as fetchRange gives it. SQLite inserts the rows in that order
 * and ignores a key the selection already holds (the key is its primary key): a quarter less CPU
 * than numbering each key's copies by a window (docs/benchmarks.md), which PostgreSQL does.
 */
function firstCopies(dialect: FactDialect, table: string, columns: readonly string[], rows: string, key: string): string {
  const list = columns.join(", ");
  const values = columns.map((c) => `x.${c}`).join(", ");
  if (dialect === "sqlite") return `INSERT OR IGNORE INTO ${table} (${list}) SELECT ${values} FROM (${rows}) x ORDER BY x.day DESC, x.seq`;
  const numbered = `SELECT y.*, ROW_NUMBER() OVER (PARTITION BY y.${key} ORDER BY y.day DESC, y.seq) AS n FROM (${rows}) y`;
  if (dialect === "postgres" && table === CART_SELECTION) return createdFrom(columns, numbered, " WHERE x.n = 1");
  return `INSERT INTO ${table} (${list}) SELECT ${values} FROM (${numbered}) x WHERE x.n = 1`;
}

/**
 * Fills a selection with rows that hold each record once: no numbering of copies, no sort. Two
 * years of carts at scale 20 on PostgreSQL: 1.2 s instead of 2.8 s (docs/benchmarks.md).
 */
function allRows(dialect: FactDialect, table: string, columns: readonly string[], rows: string): string {
  if (dialect === "postgres" && table === CART_SELECTION) return createdFrom(columns, rows);
  return `INSERT INTO ${table} (${columns.join(", ")}) SELECT ${columns.map((c) => `x.${c}`).join(", ")} FROM (${rows}) x`;
}

/**
 * Whether the range's carts and its purchases each hold every record once: none of their days
 * says a record of it is also stored on another day, or does not know (`repeats` NULL: written
 * before the count was kept). 1 or 0 per table.
 */
export function repeatFreeStatement(dialect: FactDialect, marks: RepeatMarks, account: string, plan: CartPanelPlan): Statement {
  const none = (days: string, count = "repeats") => `CASE WHEN EXISTS (SELECT 1 FROM ${days} d WHERE d.account = ? AND d.day >= ? AND d.day <= ? AND (d.${count} IS NULL OR d.${count} > 0)) THEN 0 ELSE 1 END`;
  const purchaseDays = [account, plan.purchases.days.from, plan.purchases.days.to];
  return forDialect(dialect, {
    text: `SELECT ${none(marks.carts)} AS carts, ${none(marks.purchases)} AS purchases, ${none(marks.purchases, "checkout_repeats")} AS checkouts`,
    args: [account, plan.days.from, plan.days.to, ...purchaseDays, ...purchaseDays],
  });
}

/**
 * The purchases' range grouped by checkout day, currency and offer: how many of each group are
 * purchased checkouts (front purchases whose checkout is no cart's of the selection, or that have
 * none). Read only where each purchase and each checkout's front purchase is in the range once
 * (purchasesGrouped): then every such front purchase is its checkout's first, and this is the
 * `purchased` statement's count over the purchases' selection, with the selection's days beside it.
 */
function purchasedDaysStatement(dialect: FactDialect, purchases: string, account: string, plan: CartPanelPlan, carts?: string): Statement {
  const args: unknown[] = [];
  // The carts' checkouts, probed by front purchases only; a LEFT JOIN probed by every purchase took
  // 1.5-1.9 s against 1.3 s at scale 20 on PostgreSQL (docs/benchmarks.md), where the NOT EXISTS is
  // a subplan: hashed while the carts' checkouts fit the scratch read's hash memory (its 64 MB of
  // work_mem), else an index probe per front purchase (2.0-2.4 s and 3.3-4.2 s at scale 20); a NOT
  // IN would fall to a scan of the carts per purchase instead of the probe. With `carts`, the plan's
  // carts are read from their fact table (every copy: a key is there or not alike), so the
  // statement needs no selection and can run beside its fill.
  // DuckDB plans the correlated NOT EXISTS as a join on the purchases' distinct checkouts (~1.1 M
  // at scale 20) and the carts; the same set as an uncorrelated IN is one hash table of the carts'
  // checkouts, probed: 340 → 210 ms warm (docs/benchmarks.md). No checkout in it is NULL, so NOT IN
  // is true or false, as NOT EXISTS is; a purchase without one is counted before it is asked.
  const [from, c, range] = carts ? [`${carts} f`, "f", `${cartRange(dialect, account, plan, args)} AND `] : [`${CART_SELECTION} c`, "c", ""];
  const absent =
    dialect === "duckdb"
      ? `NOT (r.checkout_id IN (SELECT ${c}.checkout_id FROM ${from} WHERE ${range}${c}.checkout_id IS NOT NULL))`
      : `NOT EXISTS (SELECT 1 FROM ${from} WHERE ${range}${c}.checkout_id = r.checkout_id)`;
  const purchased = `r.purchase_type = 'front' AND (NULLIF(r.checkout_id, '') IS NULL OR ${absent})`;
  const rows = rangeRows(dialect, plan.purchases, purchases, account, args, "f.purchase_type, f.checkout_id, f.offer_code, f.checkout_initialized_at");
  return forDialect(dialect, {
    text: `SELECT substr(r.checkout_initialized_at, 1, 10) AS d, r.currency, ${orNone("r.offer_code")} AS offer, SUM(CASE WHEN ${purchased} THEN 1 ELSE 0 END) AS checkouts
      FROM ${rows} GROUP BY 1, 2, 3`,
    args,
  });
}

/** The purchased checkouts per currency and offer, and the days of the carts and the purchases, as `purchased` and `days` answer them, from purchasedDaysStatement's groups. */
export function purchasedAndDays(groups: Records[string], cartDays: Records[string]): { purchased: Records[string]; days: Records[string] } {
  const purchased = new Map<string, Record<string, Numeric | null>>();
  const days = new Map<Numeric | null, Record<string, Numeric | null>>();
  for (const r of cartDays) days.set(r.d ?? null, { d: r.d ?? null });
  for (const r of groups) {
    days.set(r.d ?? null, { d: r.d ?? null });
    if (n(r.checkouts) === 0) continue;
    const id = JSON.stringify([r.currency ?? null, r.offer ?? null]);
    const held = purchased.get(id);
    if (held) held.checkouts = n(held.checkouts) + n(r.checkouts);
    else purchased.set(id, { currency: r.currency ?? null, offer: r.offer ?? null, checkouts: n(r.checkouts) });
  }
  return { purchased: [...purchased.values()], days: [...days.values()] };
}

/** The carts' selection's columns and their types, `t` the type of a text a panel groups or filters by. */
const cartSelectionColumns = (t: string): ReadonlyArray<readonly [string, string]> => [
  ["checkout_id", t], ["day", t], ["seq", "BIGINT"], ["currency", t], ["offer", t], ["offer_name", "TEXT"], ["product", t], ["country", t], ["state", t],
  ["psp", t], ["method", t], ["brand", t], ["code", t], ["version", t], ["mode", t], ["cents", "BIGINT"], ["attempts", "BIGINT"], ["approved", "BIGINT"], ["declined", "BIGINT"], ["recovered", "INTEGER"],
  ["session_at", "BIGINT"], ["session_day", t], ["abandoned_at", "BIGINT"], ["purchased_at", "BIGINT"], ["step", "INTEGER"],
];

/** PostgreSQL's texts compare by code point: the carts' selection's columns as its fill makes them (createdFrom). */
const POSTGRES_CART_COLUMNS = cartSelectionColumns('TEXT COLLATE "C"');

/**
 * The selections' tables, as each dialect makes them (SQLite's in memory, DuckDB's with the
 * connection); PostgreSQL's purchases' one dropped at the transaction's end, its carts' one made
 * by its fill (createdFrom).
 */
export function selectionTables(dialect: FactDialect): string[] {
  const text = dialect === "postgres" ? ' COLLATE "C"' : "";
  const temp = dialect === "postgres" ? "CREATE TEMP TABLE" : "CREATE TEMP TABLE IF NOT EXISTS";
  const end = dialect === "postgres" ? " ON COMMIT DROP" : "";
  // SQLite's fill keeps each key's first copy by its key (INSERT OR IGNORE); PostgreSQL's and
  // DuckDB's number the copies (firstCopies), so a key there would only build an index the inserts
  // keep: 1.1 M purchases filled in 4.0 s without it on PostgreSQL, 5.5 s with it (docs/benchmarks.md).
  const key = dialect === "sqlite" ? " PRIMARY KEY" : "";
  const t = `TEXT${text}`;
  const purchases = `${temp} ${PURCHASE_SELECTION} (purchase_id BIGINT${key}, day ${t}, seq BIGINT, currency ${t}, front INTEGER, checkout ${t}, offer ${t}, created_day ${t})${end}`;
  if (dialect === "postgres") return [purchases];
  return [`${temp} ${CART_SELECTION} (${cartSelectionColumns(t).map(([c, type], i) => `${c} ${type}${i === 0 ? key : ""}`).join(", ")})${end}`, purchases];
}

/**
 * PostgreSQL's carts' selection made by its fill, from `rows` (a subquery `x` of `filled`
 * columns; `where` over it), each column cast to its type, one not filled NULL: a `CREATE TABLE AS`,
 * whose read of the fact table the planner may give to parallel workers, where an `INSERT`'s it
 * may not (cartPanelSteps runs it between PARALLEL_FILL's settings).
 */
function createdFrom(filled: readonly string[], rows: string, where = ""): string {
  const has = new Set(filled);
  const columns = POSTGRES_CART_COLUMNS.map(([c, type]) => `${has.has(c) ? `x.${c}` : "NULL"}::${type} AS ${c}`);
  return `CREATE TEMP TABLE ${CART_SELECTION} ON COMMIT DROP AS SELECT ${columns.join(", ")} FROM (${rows}) x${where}`;
}

/** The indexes SQLite's range joins read (made once per connection); PostgreSQL places each cart in its range by a search instead (rangeJoin). */
export function selectionIndexes(): string[] {
  return [
    `CREATE INDEX IF NOT EXISTS temp.${CART_SELECTION}_session ON ${CART_SELECTION} (session_at)`,
    `CREATE INDEX IF NOT EXISTS temp.${CART_SELECTION}_purchased ON ${CART_SELECTION} (purchased_at) WHERE recovered = 1`,
  ];
}

/** Whether each range starts at or after the end of the one before it: what a search of the starts (width_bucket) needs. */
const ascending = (ranges: ReadonlyArray<readonly number[]>) => ranges.every((r, i) => r[0]! < r[1]! && (i === 0 || ranges[i - 1]![1]! <= r[0]!));

/** Ranges of instants ([from, to, value]) joined with the selection's carts by `column`, with each cart's range index (`index`, from 0) and value (`value`): SQLite reads them from a JSON array, DuckDB and PostgreSQL from arrays (PostgreSQL only for ranges out of order: else it searches them, cartSetsStatement). */
function rangeJoin(dialect: FactDialect, ranges: ReadonlyArray<readonly number[]>, args: unknown[], column: string): { from: string; index: string; value: string } {
  const within = `r.${column} >= b.s AND r.${column} < b.e`;
  if (dialect === "sqlite") {
    args.push(JSON.stringify(ranges));
    // The ranges drive the loop (CROSS JOIN keeps them outside): each is one range of the selection's index.
    return { from: `(SELECT CAST(key AS INTEGER) AS i, json_extract(value, '$[0]') AS s, json_extract(value, '$[1]') AS e, json_extract(value, '$[2]') AS v FROM json_each(?)) b CROSS JOIN ${CART_SELECTION} r WHERE ${within}`, index: "b.i", value: "b.v" };
  }
  if (dialect === "duckdb") {
    // DuckDB's unnest takes one list: unnests side by side in one SELECT are zipped (bucketJoin's way).
    args.push(ranges.map((r) => r[0]), ranges.map((r) => r[1]), ranges.map((r) => r[2] ?? 0), ranges.length);
    return { from: `(SELECT unnest(?::bigint[]) AS s, unnest(?::bigint[]) AS e, unnest(?::bigint[]) AS v, unnest(range(?)) AS i) b CROSS JOIN ${CART_SELECTION} r WHERE ${within}`, index: "b.i", value: "b.v" };
  }
  args.push(ranges.map((r) => r[0]), ranges.map((r) => r[1]), ranges.map((r) => r[2] ?? 0));
  return { from: `unnest(?::bigint[], ?::bigint[], ?::bigint[]) WITH ORDINALITY AS b(s, e, v, n) CROSS JOIN ${CART_SELECTION} r WHERE ${within}`, index: "b.n - 1", value: "b.v" };
}

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** A recovered cart of `r` with both instants in order: the recovery panel's delays are theirs. */
const recoveryMeasured = (r: string) => `${r}.recovered = 1 AND ${r}.abandoned_at IS NOT NULL AND ${r}.purchased_at IS NOT NULL AND ${r}.purchased_at >= ${r}.abandoned_at`;

/** The delays (ms) of the recovered carts with both instants in order: the recovery panel's. */
const DELAYS = `SELECT r.purchased_at - r.abandoned_at AS d FROM ${CART_SELECTION} r WHERE ${recoveryMeasured("r")}`;

/** A delay's bucket (0..4) by the plan's bounds: under 1 h, 6 h, 24 h, up to 3 days, more. */
const delayBucket = (d: string, [under1h, under6h, under24h, upTo3d]: CartPanelPlan["delayBucketsMs"]) =>
  `CASE WHEN ${d} < ${under1h} THEN 0 WHEN ${d} < ${under6h} THEN 1 WHEN ${d} < ${under24h} THEN 2 WHEN ${d} <= ${upTo3d} THEN 3 ELSE 4 END`;

// Day 0, 1970-01-01, was a Thursday: weekday 3 when Monday is 0. Instants are after 1970: integer division floors.
const weekdayOf = (local: string) => `(${local} / ${DAY_MS} + 3) % 7`;
const hourOf = (local: string) => `(${local} % ${DAY_MS}) / ${HOUR_MS}`;
const attemptsBucket = (r: string) => `CASE WHEN ${r}.attempts >= 4 THEN 4 ELSE ${r}.attempts END`;

/** measured: the carts with both instants in order, whose delays to abandon the median reads (abandonedMiddleStatement). */
const CART_SUMS = "COUNT(*) AS carts, SUM(r.cents) AS cents, SUM(r.recovered) AS recovered, SUM(r.recovered * r.cents) AS recovered_cents, SUM(CASE WHEN r.abandoned_at >= r.session_at THEN 1 ELSE 0 END) AS measured";

/**
 * PostgreSQL's groupings of the carts' selection, as the statements of the other back-ends answer
 * them: each one's name, its keys ([as answered, the column of cartSetsStatement's rows where the
 * names differ]), its sums, and the key whose NULL leaves a cart out of it (`within`).
 */
const CART_SETS: ReadonlyArray<{ name: string; keys: ReadonlyArray<readonly [string, string?]>; sums: readonly string[]; within?: string }> = [
  { name: "cube", keys: [["currency"], ["offer"], ["product"], ["version"], ["mode"], ["step"]], sums: ["carts", "cents", "recovered", "recovered_cents", "measured", "last_day"] },
  { name: "places", keys: [["currency"], ["country"], ["state"]], sums: ["carts", "cents"] },
  { name: "declines", keys: [["currency"], ["psp"], ["code"]], sums: ["carts", "cents", "recovered"], within: "code" },
  { name: "attempts", keys: [["psp"], ["method"], ["brand"], ["bucket", "attempts_bucket"]], sums: ["carts", "attempts", "approved", "declined"] },
  { name: "heatmap", keys: [["weekday"], ["hour"]], sums: ["carts"], within: "weekday" },
  { name: "series", keys: [["currency"], ["bucket", "series_bucket"]], sums: ["carts", "cents"], within: "series_bucket" },
  { name: "recoveredSeries", keys: [["currency"], ["bucket", "recovered_bucket"]], sums: ["carts", "cents"], within: "recovered_bucket" },
  { name: "delayCounts", keys: [["b", "delay_bucket"]], sums: ["carts"], within: "delay_bucket" },
  { name: "cartDays", keys: [["d", "session_day"]], sums: [] },
];

const setColumn = ([name, column]: readonly [string, string?]) => column ?? name;

/** Every key column of the sets, each once, in a fixed order: GROUPING()'s arguments. */
const SET_COLUMNS = [...new Set(CART_SETS.flatMap((set) => set.keys.map(setColumn)))];

/**
 * PostgreSQL's groupings of the selection as one statement (GROUPING SETS): the carts read once,
 * each cart's keys computed once (its series buckets and its zone's offset by a binary search of
 * the ascending starts, width_bucket), each set hashed beside the others; the carts' days among
 * them. Two years at scale 20: ~1.0 s, where the nine statements took 2.3-3.5 s and their range
 * joins an index each (0.5-0.9 s) (docs/benchmarks.md). Every set is hashed only if
 * the planner thinks they fit its memory, and its guess of an expression's groups is blind (it
 * sorted the selection up to three times, to files): the statement runs with hash memory to
 * spare (cartPanelSteps), of which it takes what its few hundred groups need.
 */
export function cartSetsStatement(plan: CartPanelPlan): Statement {
  const args: unknown[] = [];
  // Each array as a parameter, in the text's order (forDialect numbers them so).
  const array = (values: readonly number[]) => (args.push(values), "?::bigint[]");
  const buckets = bucketRanges(plan);
  const ends = (ranges: ReadonlyArray<readonly number[]>) => ranges.map((r) => r[1]!);
  // k is 0 before the first start, NULL for a cart without the instant: neither is in a range.
  const inRange = (k: string, column: string, ranges: ReadonlyArray<readonly number[]>) => `y.${k} >= 1 AND y.${column} < (${array(ends(ranges))})[y.${k}]`;
  const local = () => `(y.session_at + (${array(plan.offsets.map((o) => o[2]))})[y.ko])`;
  const keyed = `SELECT y.*,
      CASE WHEN ${inRange("ko", "session_at", plan.offsets)} THEN ${weekdayOf(local())} END AS weekday,
      CASE WHEN ${inRange("ko", "session_at", plan.offsets)} THEN ${hourOf(local())} END AS hour,
      CASE WHEN ${inRange("ks", "session_at", buckets)} THEN y.ks - 1 END AS series_bucket,
      CASE WHEN y.recovered = 1 AND ${inRange("kp", "purchased_at", buckets)} THEN y.kp - 1 END AS recovered_bucket,
      CASE WHEN ${recoveryMeasured("y")} THEN ${delayBucket("y.purchased_at - y.abandoned_at", plan.delayBucketsMs)} END AS delay_bucket,
      ${attemptsBucket("y")} AS attempts_bucket
    FROM (SELECT c.*, width_bucket(c.session_at, ${array(plan.offsets.map((o) => o[0]))}) AS ko, width_bucket(c.session_at, ${array(buckets.map((b) => b[0]!))}) AS ks,
      width_bucket(c.purchased_at, ${array(buckets.map((b) => b[0]!))}) AS kp FROM ${CART_SELECTION} c OFFSET 0) y`;
  const sets = CART_SETS.map((set) => `(${set.keys.map((key) => `r.${setColumn(key)}`).join(", ")})`);
  const columns = SET_COLUMNS.map((c) => `r.${c}`).join(", ");
  return forDialect("postgres", {
    text: `SELECT GROUPING(${columns}) AS grouping_set, ${columns}, ${CART_SUMS}, MAX(r.day) AS last_day, SUM(r.attempts) AS attempts, SUM(r.approved) AS approved, SUM(r.declined) AS declined
      FROM (${keyed}) r GROUP BY GROUPING SETS (${sets.join(", ")})`,
    args,
  });
}

/** cartSetsStatement's rows as each grouping's own statement answers them: a set's rows are those GROUPING() marks as grouped by its keys alone. */
export function cartSetRows(rows: Records[string]): Records {
  const answered: Records = {};
  const bySet = new Map<number, (typeof CART_SETS)[number]>();
  for (const set of CART_SETS) {
    const keys = new Set(set.keys.map(setColumn));
    // GROUPING(a, b, ...): a bit for each argument not grouped by, the first the highest.
    bySet.set(SET_COLUMNS.reduce((mask, c, i) => (keys.has(c) ? mask : mask | (1 << (SET_COLUMNS.length - 1 - i))), 0), set);
  }
  for (const row of rows) {
    const set = bySet.get(n(row.grouping_set));
    if (set === undefined || (set.within !== undefined && row[set.within] === null)) continue;
    const answer: Record<string, Numeric | null> = {};
    for (const key of set.keys) answer[key[0]] = row[setColumn(key)] ?? null;
    for (const sum of set.sums) answer[sum] = row[sum] ?? null;
    (answered[set.name] ??= []).push(answer);
  }
  return answered;
}

/** Every grouping of the selections; only the comparison's with `only: "kpis"`. */
export function panelStatements(dialect: FactDialect, plan: CartPanelPlan, grouped?: { purchases: string; account: string }): Record<string, Statement> {
  const s = (text: string, args: unknown[] = []) => forDialect(dialect, { text, args });
  const sums = CART_SUMS;
  const statements: Record<string, Statement> = {
    // A comparison's totals alone; every panel's are summed from the offers' cube below (totalsWhereFunnel).
    ...(plan.only === "kpis" ? { totals: s(`SELECT r.currency, ${sums} FROM ${CART_SELECTION} r GROUP BY r.currency`) } : {}),
    ...(grouped
      ? // Read off as `purchased` and `days` (purchasedAndDays).
        { purchasedDays: purchasedDaysStatement(dialect, grouped.purchases, grouped.account, plan), cartDays: s(`SELECT DISTINCT r.session_day AS d FROM ${CART_SELECTION} r`) }
      : {
          // A front purchase stands for its checkout unless a cart has it; of a checkout's front purchases the first; one without a checkout id alone.
          purchased: s(`SELECT x.currency, x.offer, COUNT(*) AS checkouts FROM (
        SELECT p.currency, p.offer, p.checkout, ROW_NUMBER() OVER (PARTITION BY p.checkout ORDER BY p.day DESC, p.seq) AS k
        FROM ${PURCHASE_SELECTION} p WHERE p.front = 1 AND (p.checkout IS NULL OR NOT EXISTS (SELECT 1 FROM ${CART_SELECTION} c WHERE c.checkout_id = p.checkout))) x
      WHERE x.checkout IS NULL OR x.k = 1 GROUP BY x.currency, x.offer`),
          days: s(`SELECT r.session_day AS d FROM ${CART_SELECTION} r UNION SELECT p.created_day FROM ${PURCHASE_SELECTION} p`),
        }),
  };
  if (plan.only === "kpis") return statements;
  if (dialect === "postgres" && ascending(plan.offsets) && ascending(bucketRanges(plan))) {
    // Every grouping below in one statement, and the carts' days (read where purchasedDays is).
    const others = { ...statements };
    delete others.cartDays;
    return { ...others, sets: cartSetsStatement(plan) };
  }
  const heatArgs: unknown[] = [];
  const heatJoin = rangeJoin(dialect, plan.offsets, heatArgs, "session_at");
  const heat = heatJoin.from;
  const local = `(r.session_at + ${heatJoin.value})`;
  const seriesArgs: unknown[] = [];
  const series = rangeJoin(dialect, bucketRanges(plan), seriesArgs, "session_at");
  const recoveredArgs: unknown[] = [];
  const recovered = rangeJoin(dialect, bucketRanges(plan), recoveredArgs, "purchased_at");
  return {
    ...statements,
    // The totals, the where panel's offers and products and the funnels' steps in one grouping: a sort of the carts, not three (docs/benchmarks.md).
    // last_day: each offer's newest day, where its first cart in the records' order is (offerNamesStatement).
    cube: s(`SELECT r.currency, r.offer, r.product, r.version, r.mode, r.step, ${sums}, MAX(r.day) AS last_day FROM ${CART_SELECTION} r GROUP BY r.currency, r.offer, r.product, r.version, r.mode, r.step`),
    places: s(`SELECT r.currency, r.country, r.state, COUNT(*) AS carts, SUM(r.cents) AS cents FROM ${CART_SELECTION} r GROUP BY r.currency, r.country, r.state`),
    declines: s(`SELECT r.currency, r.psp, r.code, COUNT(*) AS carts, SUM(r.cents) AS cents, SUM(r.recovered) AS recovered FROM ${CART_SELECTION} r WHERE r.code IS NOT NULL GROUP BY r.currency, r.psp, r.code`),
    attempts: s(`SELECT r.psp, r.method, r.brand, ${attemptsBucket("r")} AS bucket, COUNT(*) AS carts, SUM(r.attempts) AS attempts, SUM(r.approved) AS approved, SUM(r.declined) AS declined
      FROM ${CART_SELECTION} r GROUP BY r.psp, r.method, r.brand, ${attemptsBucket("r")}`),
    heatmap: s(`SELECT ${weekdayOf(local)} AS weekday, ${hourOf(local)} AS hour, COUNT(*) AS carts FROM ${heat} GROUP BY 1, 2`, heatArgs),
    series: s(`SELECT r.currency, ${series.index} AS bucket, COUNT(*) AS carts, SUM(r.cents) AS cents FROM ${series.from} GROUP BY r.currency, ${series.index}`, seriesArgs),
    recoveredSeries: s(`SELECT r.currency, ${recovered.index} AS bucket, COUNT(*) AS carts, SUM(r.cents) AS cents FROM ${recovered.from} AND r.recovered = 1 GROUP BY r.currency, ${recovered.index}`, recoveredArgs),
    delayCounts: s(`SELECT ${delayBucket("x.d", plan.delayBucketsMs)} AS b, COUNT(*) AS carts FROM (${DELAYS}) x GROUP BY 1`),
  };
}

/**
 * The totals, where and funnel groupings summed from the cube's rows (every sum an integer, exact
 * in a number), each group in the order of its keys, as its own GROUP BY would give it.
 */
export function totalsWhereFunnel(cube: Records[string]): { totals: Records[string]; where: Records[string]; funnel: Records[string] } {
  const sums = ["carts", "cents", "recovered", "recovered_cents", "measured"];
  const grouped = (keys: string[]) => {
    const groups = new Map<string, Record<string, Numeric | null>>();
    for (const row of cube) {
      const id = JSON.stringify(keys.map((k) => row[k] ?? null));
      let group = groups.get(id);
      if (group === undefined) groups.set(id, (group = { ...Object.fromEntries(keys.map((k) => [k, row[k] ?? null])), ...Object.fromEntries(sums.map((k) => [k, 0])) }));
      for (const k of sums) group[k] = n(group[k]) + n(row[k]);
    }
    const order = (a: Record<string, Numeric | null>, b: Record<string, Numeric | null>) => {
      for (const k of keys) {
        const x = a[k] ?? null;
        const y = b[k] ?? null;
        if (x !== y) return x === null ? -1 : y === null ? 1 : x < y ? -1 : 1;
      }
      return 0;
    };
    return [...groups.values()].sort(order);
  };
  return { totals: grouped(["currency"]), where: grouped(["currency", "offer", "product"]), funnel: grouped(["offer", "version", "mode", "step"]) };
}

const bucketRanges = (plan: CartPanelPlan): number[][] => plan.bucketStarts.map((start, i) => [start, plan.bucketStarts[i + 1] ?? plan.endMs]);

/**
 * A currency's middle one or two delays (ms) from session start to abandonment, of its `measured`
 * carts with both instants in order, ascending: one sort bounded by the rank, instead of numbering
 * every currency's delays by a window and counting each partition (half the time, docs/benchmarks.md).
 */
export function abandonedMiddleStatement(dialect: FactDialect, currency: string, measured: number): Statement {
  const { middle } = delayRanks(measured);
  return forDialect(dialect, {
    text: `SELECT r.abandoned_at - r.session_at AS d FROM ${CART_SELECTION} r WHERE r.currency = ? AND r.abandoned_at >= r.session_at ORDER BY r.abandoned_at - r.session_at LIMIT ? OFFSET ?`,
    args: [currency, middle.length, middle[0]],
  });
}

/**
 * The carts of each offer's newest day (`lastDays`: offer, day), whose first by seq is the offer's
 * first cart in the records' order (newest day first, a day in its stored order): its name is the
 * offer's. A few rows per offer instead of numbering every cart by a window.
 */
export function offerNamesStatement(dialect: FactDialect, lastDays: ReadonlyArray<readonly [string, string]>): Statement {
  return forDialect(dialect, {
    text: `SELECT r.offer, r.day, r.seq, r.offer_name FROM ${CART_SELECTION} r WHERE ${lastDays.map(() => "(r.offer = ? AND r.day = ?)").join(" OR ")}`,
    args: lastDays.flat(),
  });
}

/** Each offer's name from its newest day's carts (offerNamesStatement's rows): the one of least seq. */
function namesOf(rows: Records[string]): Records[string] {
  const first = new Map<string, Record<string, Numeric | null>>();
  for (const row of rows) {
    const offer = text(row.offer);
    const held = first.get(offer);
    if (held === undefined || n(row.seq) < n(held.seq)) first.set(offer, row);
  }
  return [...first.values()].map((r) => ({ offer: r.offer ?? null, offer_name: r.offer_name ?? null }));
}

/** The recovery delays at the 0-based ranks given, ascending (the median's and the 90th percentile's). */
export function delayRanksStatement(dialect: FactDialect, ranks: readonly number[]): Statement {
  const args = ranks.map((r) => r + 1);
  return forDialect(dialect, { text: `SELECT y.k - 1 AS k, y.d FROM (SELECT x.d, ROW_NUMBER() OVER (ORDER BY x.d) AS k FROM (${DELAYS}) x) y WHERE y.k IN (${args.map(() => "?").join(", ")})`, args });
}

type Numeric = number | string | bigint;
type Records = Record<string, Array<Record<string, Numeric | null>>>;

const n = (v: Numeric | null | undefined): number => Number(v ?? 0);
const text = (v: Numeric | null | undefined): string => String(v);

/** The groups from the statements' rows (PostgreSQL's BIGINT and SUM come as text: they fit a number exactly). */
export function panelGroupsOf(rows: Records, delays: { middle: number[]; p90: number | null }): CartPanelGroups {
  const of = (name: string) => rows[name] ?? [];
  const keyed = (name: string, keys: string[]) => of(name).map((r) => ({ currency: text(r.currency), keys: keys.map((k) => text(r[k])), carts: n(r.carts), cents: n(r.cents) }));
  const counts = [0, 0, 0, 0, 0];
  for (const r of of("delayCounts")) counts[n(r.b)] = n(r.carts);
  const bucketed = (name: string) => of(name).map((r) => ({ currency: text(r.currency), bucket: n(r.bucket), carts: n(r.carts), cents: n(r.cents) }));
  return {
    totals: of("totals").map((r) => ({ currency: text(r.currency), carts: n(r.carts), cents: n(r.cents), recovered: n(r.recovered), recoveredCents: n(r.recovered_cents) })),
    toAbandon: of("toAbandon").map((r) => ({ currency: text(r.currency), ms: n(r.d) })),
    purchased: of("purchased").map((r) => ({ currency: text(r.currency), offer: text(r.offer), checkouts: n(r.checkouts) })),
    days: of("days").map((r) => text(r.d)),
    where: keyed("where", ["offer", "product"]),
    names: of("names").map((r) => ({ offer: text(r.offer), name: r.offer_name === null ? null : text(r.offer_name) })),
    places: keyed("places", ["country", "state"]),
    declines: of("declines").map((r) => ({ currency: text(r.currency), psp: text(r.psp), code: text(r.code), carts: n(r.carts), cents: n(r.cents), recovered: n(r.recovered) })),
    attempts: of("attempts").map((r) => ({ psp: text(r.psp), method: text(r.method), brand: text(r.brand), bucket: n(r.bucket), carts: n(r.carts), attempts: n(r.attempts), approved: n(r.approved), declined: n(r.declined) })),
    funnel: of("funnel").map((r) => ({ offer: text(r.offer), version: text(r.version), mode: text(r.mode), step: n(r.step), carts: n(r.carts) })),
    heatmap: of("heatmap").map((r) => ({ weekday: n(r.weekday), hour: n(r.hour), carts: n(r.carts) })),
    series: bucketed("series"),
    recoveredSeries: bucketed("recoveredSeries"),
    delays: { counts, ...delays },
  };
}

/** The 0-based ranks of `measured` sorted delays the median (one or two) and the nearest-rank 90th percentile read (abandonment-quantiles.ts). */
export function delayRanks(measured: number): { middle: number[]; p90: number | null } {
  if (measured === 0) return { middle: [], p90: null };
  const mid = measured >> 1;
  return { middle: measured % 2 === 1 ? [mid] : [mid - 1, mid], p90: Math.ceil((90 / 100) * measured) - 1 };
}

/**
 * A step of reading the panels: DDL, a statement that writes (a selection's fill), one whose rows
 * are read; or one started (`start`, read no selection) whose rows a later step collects
 * (`collect`, by its name): beside the steps between where the runner can, else at once.
 */
export type PanelStep = { exec: string } | { run: Statement } | { query: Statement } | { start: string; statement: Statement } | { collect: string };

/** The steps a back-end's driver runs itself: the started ones are the runner's. */
export type DriverStep = Extract<PanelStep, { exec: string } | { run: Statement } | { query: Statement }>;

/**
 * The panels' read as steps, one back-end's driver running each (SQLite's synchronously in one
 * transaction, PostgreSQL's and DuckDB's on one connection in one): the selections made and
 * filled (DuckDB's carts read inline instead where none repeats), every grouping read, then the
 * recovery delays at the ranks their count gives.
 */
export function* cartPanelSteps(dialect: FactDialect, tables: { carts: string; purchases: string; repeatMarks?: RepeatMarks }, account: string, plan: CartPanelPlan): Generator<PanelStep, CartPanelGroups, Records[string]> {
  for (const ddl of selectionTables(dialect)) yield { exec: ddl };
  if (dialect === "sqlite") {
    // SQLite keeps the tables (and their indexes) per connection, emptied after each read.
    yield { exec: `DELETE FROM ${CART_SELECTION}; DELETE FROM ${PURCHASE_SELECTION}` };
    for (const ddl of selectionIndexes()) yield { exec: ddl };
  }
  // Where the days' marks count their repeated records, a table whose range has none is read
  // without numbering its copies (in the same snapshot as the fills).
  let once = NUMBER_COPIES;
  if (tables.repeatMarks) {
    const [free] = yield { query: repeatFreeStatement(dialect, tables.repeatMarks, account, plan) };
    once = { carts: n(free?.carts) === 1, purchases: n(free?.purchases) === 1, checkouts: n(free?.checkouts) === 1 };
  }
  const fills = selectionStatements(dialect, tables, account, plan, once);
  const grouped = purchasesGrouped(once);
  const inline = dialect === "duckdb" && once.carts;
  const read = inline ? withCartRows(fills.cartRows) : (statement: Statement) => statement;
  // PostgreSQL's purchased checkouts read the carts from their table, started before the carts'
  // fill on another connection of the read's snapshot where the store has one (its two reads of
  // two years at scale 20 took ~2.7 s after each other on one: docs/benchmarks.md).
  const beside = grouped && dialect === "postgres";
  if (beside) yield { start: "purchasedDays", statement: purchasedDaysStatement(dialect, tables.purchases, account, plan, tables.carts) };
  if (!inline) {
    // PostgreSQL's fill a parallel read (createdFrom, PARALLEL_FILL).
    if (dialect === "postgres") yield { exec: PARALLEL_FILL.before };
    yield { run: fills.carts };
    if (dialect === "postgres") yield { exec: PARALLEL_FILL.after };
  }
  // The purchases' selection is read by `purchased` and `days` alone: not made where one grouping of the fact table answers both.
  if (!grouped) yield { run: fills.purchases };
  if (dialect === "postgres") {
    // Its statistics for the purchased checkouts' plan, which probes the selection (without them
    // that plan ran over a minute, docs/benchmarks.md); read beside, they probe the carts' table,
    // and the groupings and the series' searches plan alike without them (0.2-0.3 s less at scale 20).
    if (!beside) yield { exec: `ANALYZE ${CART_SELECTION}` };
  }
  const rows: Records = {};
  for (const [name, statement] of Object.entries(panelStatements(dialect, plan, grouped ? { purchases: tables.purchases, account } : undefined))) {
    if (beside && name === "purchasedDays") continue;
    // PostgreSQL's sets, each hashed: hash memory to spare for this statement (cartSetsStatement).
    if (name === "sets") yield { exec: "SET LOCAL hash_mem_multiplier = 64" };
    const answered = yield { query: read(statement) };
    if (name !== "sets") rows[name] = answered;
    else {
      yield { exec: "SET LOCAL hash_mem_multiplier TO DEFAULT" };
      Object.assign(rows, cartSetRows(answered));
    }
  }
  if (beside) rows.purchasedDays = yield { collect: "purchasedDays" };
  if (rows.purchasedDays) Object.assign(rows, purchasedAndDays(rows.purchasedDays, rows.cartDays ?? []));
  if (rows.cube) {
    Object.assign(rows, totalsWhereFunnel(rows.cube));
    const lastDays = new Map<string, string>();
    for (const r of rows.cube) {
      const [offer, day] = [text(r.offer), text(r.last_day)];
      const held = lastDays.get(offer);
      if (held === undefined || day > held) lastDays.set(offer, day);
    }
    // A few hundred offers to a statement, well within either back-end's count of parameters.
    const pairs = [...lastDays];
    const named: Records[string] = [];
    for (let i = 0; i < pairs.length; i += 400) named.push(...(yield { query: read(offerNamesStatement(dialect, pairs.slice(i, i + 400))) }));
    rows.names = namesOf(named);
  }
  // Each currency's middle delays to abandon, at the ranks its count of measured carts gives.
  rows.toAbandon = [];
  for (const t of rows.totals ?? []) {
    if (n(t.measured) === 0) continue;
    for (const r of yield { query: read(abandonedMiddleStatement(dialect, text(t.currency), n(t.measured))) }) rows.toAbandon.push({ currency: t.currency ?? null, d: r.d ?? null });
  }
  let delays: { middle: number[]; p90: number | null } = { middle: [], p90: null };
  const measured = (rows.delayCounts ?? []).reduce((sum, r) => sum + n(r.carts), 0);
  if (measured > 0) {
    const ranks = delayRanks(measured);
    const picked = yield { query: read(delayRanksStatement(dialect, [...ranks.middle, ranks.p90!])) };
    const at = new Map(picked.map((r) => [n(r.k), n(r.d)]));
    delays = { middle: ranks.middle.map((k) => at.get(k)!), p90: at.get(ranks.p90!)! };
  }
  if (dialect === "sqlite") yield { exec: `DELETE FROM ${CART_SELECTION}; DELETE FROM ${PURCHASE_SELECTION}` };
  return panelGroupsOf(rows, delays);
}

type StepRows = Records[string];

/** Runs the steps synchronously (better-sqlite3), each answered by `run`; a started one at once. */
export function runSteps<T>(steps: Generator<PanelStep, T, StepRows>, run: (step: DriverStep) => StepRows): T {
  const started = new Map<string, StepRows>();
  const answer = (value: PanelStep): StepRows => {
    if ("start" in value) return started.set(value.start, run({ query: value.statement })), [];
    if ("collect" in value) return started.get(value.collect) ?? [];
    return run(value);
  };
  for (let step = steps.next(); ; step = steps.next(answer(step.value))) if (step.done) return step.value;
}

/**
 * Runs the steps one after the other on a connection that answers asynchronously (pg, DuckDB);
 * a started one by `beside` (another connection of the same snapshot) while the next steps run,
 * else at once by `run`, before the next. Every started read has ended when this does, answered or not.
 */
export async function runStepsAsync<T>(steps: Generator<PanelStep, T, StepRows>, run: (step: DriverStep) => Promise<StepRows>, beside?: (statement: Statement) => Promise<StepRows>): Promise<T> {
  const started = new Map<string, Promise<StepRows>>();
  try {
    for (let step = steps.next(); ; ) {
      if (step.done) return step.value;
      const value = step.value;
      if ("start" in value) {
        // Without a connection beside, read at once: one connection runs one statement at a time.
        const rows = beside ? beside(value.statement) : Promise.resolve(await run({ query: value.statement }));
        // Collected later: until then, a failure is held, not unhandled.
        rows.catch(() => undefined);
        started.set(value.start, rows);
        step = steps.next([]);
      } else step = steps.next(await ("collect" in value ? (started.get(value.collect) ?? Promise.resolve([])) : run(value)));
    }
  } finally {
    await Promise.allSettled(started.values());
  }
}
