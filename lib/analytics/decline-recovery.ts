// How many declined carts were recovered, per cell of the PSP × decline-code matrix: so a
// creator sees which declines are worth a retry flow. A cart lands in the same cell as in
// declineMatrix (its psp, "none" without one; its lastDeclineCode), so each cell's
// denominator is the matrix's count.
import type { AbandonedCart } from "@/lib/records/abandoned-cart";
import type { DeclineMatrix } from "./abandonment-declines";
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
  const row = new Map(matrix.psps.map((psp, i) => [psp, i]));
  const column = new Map(matrix.codes.map((code, j) => [code, j]));
  const recovered = matrix.psps.map(() => matrix.codes.map(() => 0));
  const pspRecovered = matrix.psps.map(() => 0);
  const codeRecovered = matrix.codes.map(() => 0);
  let total = 0;
  for (const cart of carts) {
    if (!cart.lastDeclineCode || !cart.isRecovered) continue;
    const i = row.get(cart.psp || NONE);
    const j = column.get(cart.lastDeclineCode);
    // A cart outside the matrix was not among the carts it was made from.
    if (i === undefined || j === undefined) continue;
    recovered[i]![j]!++;
    pspRecovered[i]!++;
    codeRecovered[j]!++;
    total++;
  }
  return { recovered, pspRecovered, codeRecovered, total };
}
