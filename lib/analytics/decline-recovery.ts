// How many declined carts were recovered, per cell of the PSP × decline-code matrix: so a
// creator sees which declines are worth a retry flow. A cart lands in the same cell as in
// declineMatrix (its psp, "none" without one; its lastDeclineCode), so each cell's
// denominator is the matrix's count.
import type { AbandonedCart } from "@/lib/records/abandoned-cart";
import { addCell, type DeclineCells, type DeclineMatrix } from "./abandonment-declines";
import { NONE } from "./dimensions";

export type DeclineRecoveryCart = Pick<AbandonedCart, "lastDeclineCode" | "psp" | "isRecovered">;

export interface DeclineRecovery {
  /** recovered[i][j]: recovered carts of matrix.psps[i] whose last decline code is matrix.codes[j]. */
  recovered: number[][];
  pspRecovered: number[];
  codeRecovered: number[];
  /** Recovered carts among those with a decline code. */
  total: number;
}

/** Recovered share of a cell: null when it holds no carts (nothing to divide). */
export const recoveredShare = (recovered: number, carts: number): number | null => (carts > 0 ? recovered / carts : null);

/** Recovered carts laid out on `matrix`'s rows and columns (made from the same carts). */
export function declineRecovery(carts: readonly DeclineRecoveryCart[], matrix: Pick<DeclineMatrix, "psps" | "codes">): DeclineRecovery {
  const cells: DeclineCells = new Map();
  for (const cart of carts) {
    if (!cart.lastDeclineCode || !cart.isRecovered) continue;
    addCell(cells, cart.psp || NONE, cart.lastDeclineCode, 1);
  }
  return declineRecoveryOf(cells, matrix);
}

/** The recovered carts per PSP and code (counted here, or by a fact store: lib/query/cart-panels.ts) on `matrix`'s rows and columns. */
export function declineRecoveryOf(cells: DeclineCells, matrix: Pick<DeclineMatrix, "psps" | "codes">): DeclineRecovery {
  const row = new Map(matrix.psps.map((psp, i) => [psp, i]));
  const column = new Map(matrix.codes.map((code, j) => [code, j]));
  const recovered = matrix.psps.map(() => matrix.codes.map(() => 0));
  const pspRecovered = matrix.psps.map(() => 0);
  const codeRecovered = matrix.codes.map(() => 0);
  let total = 0;
  for (const [psp, codes] of cells) {
    for (const [code, n] of codes) {
      const i = row.get(psp);
      const j = column.get(code);
      // A cart outside the matrix was not among the carts it was made from.
      if (i === undefined || j === undefined || n === 0) continue;
      recovered[i]![j]! += n;
      pspRecovered[i]! += n;
      codeRecovered[j]! += n;
      total += n;
    }
  }
  return { recovered, pspRecovered, codeRecovered, total };
}
