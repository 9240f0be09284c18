// Payment attempts in abandoned carts: how often attempts were approved, by PSP, payment
// method or card brand, and how many attempts carts saw. A missing count reads as 0.
import type { AbandonedCart } from "@/lib/records/abandoned-cart";
import { NONE } from "./dimensions";

export type AttemptCart = Pick<AbandonedCart, "psp" | "paymentMethod" | "cardBrand" | "attemptCount" | "attemptApprovedCount" | "attemptDeclinedCount">;

export type ApprovalDimension = "psp" | "paymentMethod" | "cardBrand";

export interface ApprovalRateRow {
  /** The PSP, payment method or card brand; "none" for carts without it (no attempt yet, or
   *  a method without a card). */
  key: string;
  carts: number;
  attempts: number;
  approved: number;
  declined: number;
  /** approved / attempts; null without attempts. */
  rate: number | null;
}

export interface ApprovalRates {
  by: ApprovalDimension;
  /** Most attempts first, ties by key. */
  rows: ApprovalRateRow[];
  /** Every cart together. */
  overall: ApprovalRateRow;
}

const zero = (): AttemptSums => ({ carts: 0, attempts: 0, approved: 0, declined: 0 });

/** The sums of carts, attempts, approved and declined attempts of a group of carts. */
export type AttemptSums = Pick<ApprovalRateRow, "carts" | "attempts" | "approved" | "declined">;

export function addAttempts(target: AttemptSums, sums: AttemptSums): void {
  target.carts += sums.carts;
  target.attempts += sums.attempts;
  target.approved += sums.approved;
  target.declined += sums.declined;
}

/** Sum of approved attempts over sum of attempts, per value of `by`. */
export function approvalRates(carts: readonly AttemptCart[], by: ApprovalDimension): ApprovalRates {
  const rows = new Map<string, AttemptSums>();
  for (const cart of carts) {
    const key = cart[by] || NONE;
    let r = rows.get(key);
    if (!r) rows.set(key, (r = zero()));
    addAttempts(r, { carts: 1, attempts: cart.attemptCount ?? 0, approved: cart.attemptApprovedCount ?? 0, declined: cart.attemptDeclinedCount ?? 0 });
  }
  return approvalRatesOf(by, rows);
}

/** The rates of each key's sums (made from carts here, or summed by a fact store: lib/query/cart-panels.ts). */
export function approvalRatesOf(by: ApprovalDimension, sums: ReadonlyMap<string, AttemptSums>): ApprovalRates {
  const overall = zero();
  for (const r of sums.values()) addAttempts(overall, r);
  const finish = (key: string, r: AttemptSums): ApprovalRateRow => ({ key, ...r, rate: r.attempts > 0 ? r.approved / r.attempts : null });
  return {
    by,
    rows: [...sums].map(([key, r]) => finish(key, r)).sort((a, b) => b.attempts - a.attempts || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)),
    overall: finish("all", overall),
  };
}

export interface AttemptBucket {
  label: "0" | "1" | "2" | "3" | "4+";
  carts: number;
}

export interface AttemptsPerCart {
  /** Carts with 0, 1, 2, 3 and 4 or more attempts, in that order. */
  buckets: AttemptBucket[];
  carts: number;
  attempts: number;
  /** attempts / carts; null without carts. */
  mean: number | null;
}

const LABELS = ["0", "1", "2", "3", "4+"] as const;

export function attemptsPerCart(carts: readonly Pick<AbandonedCart, "attemptCount">[]): AttemptsPerCart {
  const counts = [0, 0, 0, 0, 0];
  let attempts = 0;
  for (const cart of carts) {
    const n = cart.attemptCount ?? 0;
    attempts += n;
    counts[Math.min(n, 4)]!++;
  }
  return attemptsOf(counts, attempts);
}

/** The buckets of carts with 0, 1, 2, 3 and 4 or more attempts, and every attempt of them. */
export function attemptsOf(counts: readonly number[], attempts: number): AttemptsPerCart {
  const carts = counts.reduce((n, c) => n + c, 0);
  return {
    buckets: LABELS.map((label, i) => ({ label, carts: counts[i]! })),
    carts,
    attempts,
    mean: carts > 0 ? attempts / carts : null,
  };
}

export interface AllAttemptsApproval {
  approved: number;
  attempts: number;
  /** An upper bound: (approved + purchased) / (attempts + purchased); null without attempts. */
  atMost: number | null;
}

/**
 * The approval rate over every attempt, abandoned carts' and purchased checkouts' together, as
 * far as the contract allows. Carts carry their attempts; purchases carry none, only that their
 * checkout was paid, so each purchased checkout adds one approved attempt and its declined
 * attempts before the payment are unknown. The exact rate is therefore at most this one.
 */
export function approvalOverAllAttempts(carts: Pick<ApprovalRateRow, "approved" | "attempts">, purchasedCheckouts: number): AllAttemptsApproval {
  const approved = carts.approved + purchasedCheckouts;
  const attempts = carts.attempts + purchasedCheckouts;
  return { approved, attempts, atMost: attempts > 0 ? approved / attempts : null };
}
