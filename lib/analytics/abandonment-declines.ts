// Why payments failed in abandoned carts: the last decline code of each cart, ranked, and the
// PSP × code matrix. Only carts with a lastDeclineCode count (recovered ones included: their
// code tells why the first try failed).
import type { AbandonedCart } from "@/lib/records/abandoned-cart";
import { CentsByCurrency, cartCurrencyResolver, type CartCurrencyOptions, type CurrencyTotal } from "./abandonment-currency";
import { declineText, isKnownDeclineCode } from "./abandonment-decline-texts";
import { NONE } from "./dimensions";

export { approvalRates, attemptsPerCart, type ApprovalDimension, type ApprovalRateRow, type ApprovalRates, type AttemptBucket, type AttemptsPerCart } from "./abandonment-attempts";
export { declineText, DECLINE_TEXTS, GENERIC_DECLINE_TEXT, KNOWN_DECLINE_CODES, type DeclineText, type KnownDeclineCode } from "./abandonment-decline-texts";

export type DeclineCart = Pick<AbandonedCart, "lastDeclineCode" | "amountTransaction" | "psp">;

export interface DeclineCodeRow {
  code: string;
  count: number;
  /** count / declined carts. */
  share: number;
  /** Count and value of these carts per currency. */
  values: CurrencyTotal[];
  /** False for a code outside KNOWN_DECLINE_CODES: the texts are then the generic ones. */
  known: boolean;
  explanation: string;
  whatToDo: string;
}

export interface DeclineValueRow {
  code: string;
  count: number;
  amount: number;
}

export interface DeclineCodes {
  /** Carts with a lastDeclineCode. */
  declinedCarts: number;
  /** Most carts first, ties by code. */
  byCount: DeclineCodeRow[];
  /** Per currency (most declined carts first), codes by value abandoned, then count, then code. */
  byValue: { currency: string; rows: DeclineValueRow[] }[];
}

const byKey = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Decline codes ranked by carts and, per currency, by value. */
export function declineCodes<C extends DeclineCart>(carts: readonly C[], options: CartCurrencyOptions<C> = {}): DeclineCodes {
  const currencyOf = cartCurrencyResolver(options);
  const byCode = new Map<string, CentsByCurrency>();
  let declinedCarts = 0;
  for (const cart of carts) {
    const code = cart.lastDeclineCode;
    if (!code) continue;
    declinedCarts++;
    let sums = byCode.get(code);
    if (!sums) byCode.set(code, (sums = new CentsByCurrency()));
    sums.add(currencyOf(cart), cart.amountTransaction);
  }
  return declineCodesOf(byCode, declinedCarts);
}

/** The ranked codes of each code's carts per currency (made from carts here, or summed by a fact store: lib/query/cart-panels.ts). */
export function declineCodesOf(byCode: ReadonlyMap<string, CentsByCurrency>, declinedCarts: number): DeclineCodes {
  const byCount: DeclineCodeRow[] = [];
  const perCurrency = new Map<string, DeclineValueRow[]>();
  for (const [code, sums] of byCode) {
    const values = sums.totals();
    const count = values.reduce((n, v) => n + v.count, 0);
    byCount.push({ code, count, share: count / declinedCarts, values, known: isKnownDeclineCode(code), ...declineText(code) });
    for (const v of values) {
      let rows = perCurrency.get(v.currency);
      if (!rows) perCurrency.set(v.currency, (rows = []));
      rows.push({ code, count: v.count, amount: v.amount });
    }
  }
  byCount.sort((a, b) => b.count - a.count || byKey(a.code, b.code));
  // Amounts of one currency are whole cents over 100, so comparing them compares the cents.
  const byValue = [...perCurrency].map(([currency, rows]) => ({
    currency,
    carts: rows.reduce((n, r) => n + r.count, 0),
    rows: rows.sort((a, b) => b.amount - a.amount || b.count - a.count || byKey(a.code, b.code)),
  }));
  byValue.sort((a, b) => b.carts - a.carts || byKey(a.currency, b.currency));
  return { declinedCarts, byCount, byValue: byValue.map(({ currency, rows }) => ({ currency, rows })) };
}

export interface DeclineMatrix {
  /** Rows: PSPs, most declined carts first ("none" for a cart without a PSP). */
  psps: string[];
  /** Columns: decline codes, most carts first. */
  codes: string[];
  /** counts[i][j]: carts of psps[i] whose last decline code is codes[j]. */
  counts: number[][];
  pspTotals: number[];
  codeTotals: number[];
  /** The number of carts with a decline code: the sum of every cell. */
  total: number;
}

/** Carts with a decline code, by PSP and code. */
export function declineMatrix(carts: readonly DeclineCart[]): DeclineMatrix {
  const cells: DeclineCells = new Map();
  for (const cart of carts) {
    const code = cart.lastDeclineCode;
    if (!code) continue;
    addCell(cells, cart.psp || NONE, code, 1);
  }
  return declineMatrixOf(cells);
}

/** Carts per PSP ("none" without one) and decline code. */
export type DeclineCells = Map<string, Map<string, number>>;

export function addCell(cells: DeclineCells, psp: string, code: string, n: number): void {
  let row = cells.get(psp);
  if (!row) cells.set(psp, (row = new Map()));
  row.set(code, (row.get(code) ?? 0) + n);
}

/** The matrix of the cells (made from carts here, or counted by a fact store: lib/query/cart-panels.ts). */
export function declineMatrixOf(cells: DeclineCells): DeclineMatrix {
  const pspCount = new Map<string, number>();
  const codeCount = new Map<string, number>();
  let total = 0;
  for (const [psp, row] of cells) {
    for (const [code, n] of row) {
      pspCount.set(psp, (pspCount.get(psp) ?? 0) + n);
      codeCount.set(code, (codeCount.get(code) ?? 0) + n);
      total += n;
    }
  }
  const ranked = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1] || byKey(a[0], b[0])).map(([key]) => key);
  const psps = ranked(pspCount);
  const codes = ranked(codeCount);
  return {
    psps,
    codes,
    counts: psps.map((psp) => codes.map((code) => cells.get(psp)?.get(code) ?? 0)),
    pspTotals: psps.map((psp) => pspCount.get(psp)!),
    codeTotals: codes.map((code) => codeCount.get(code)!),
    total,
  };
}
