// The checkout funnel, read from the carts' step timestamps plus the checkouts paid at the
// first go (front purchases whose checkoutId is not among the carts). Counts only: no money,
// so no currencies.
import type { AbandonedCart } from "@/lib/records/abandoned-cart";
import { purchasedCheckouts, type CheckoutPurchase } from "./abandonment-purchased-checkouts";
import { NONE } from "./dimensions";

export type FunnelCart = Pick<
  AbandonedCart,
  "checkoutId" | "offerCode" | "checkoutVersion" | "sessionMode" | "loadedAt" | "sessionInitializedAt" | "firstAttemptAt" | "firstApprovedAt" | "purchasedAt"
>;

export type FunnelStepKey = "loaded" | "sessionStarted" | "firstAttempt" | "firstApproval" | "purchased";

/** The steps in order, each with the cart timestamp that marks it. */
export const FUNNEL_STEPS = [
  { key: "loaded", label: "Checkout loaded", field: "loadedAt" },
  { key: "sessionStarted", label: "Session started", field: "sessionInitializedAt" },
  { key: "firstAttempt", label: "First payment attempt", field: "firstAttemptAt" },
  { key: "firstApproval", label: "First approval", field: "firstApprovedAt" },
  { key: "purchased", label: "Purchased", field: "purchasedAt" },
] as const satisfies readonly { key: FunnelStepKey; label: string; field: keyof FunnelCart }[];

export interface FunnelStep {
  key: FunnelStepKey;
  label: string;
  count: number;
  /** previous step's count − this count; null for the first step. */
  drop: number | null;
  /** drop / previous step's count; null for the first step or when the previous count is 0. */
  dropRatio: number | null;
}

export type FunnelGroupBy = "offerCode" | "checkoutVersion" | "sessionMode";

export interface FunnelGroup {
  /** The grouping value; "all" without grouping, "none" for carts without the field,
   *  PURCHASED_NOT_APPLICABLE for purchased checkouts grouped by a field purchases lack. */
  key: string;
  carts: number;
  purchasedCheckouts: number;
  steps: FunnelStep[];
}

export interface CheckoutFunnel {
  groupBy: FunnelGroupBy | null;
  /** Largest first (count of the first step), ties by key. */
  groups: FunnelGroup[];
  /** How the figures were made, for the page to show. */
  notes: FunnelNote[];
}

export const ALL_CHECKOUTS = "all";
export const PURCHASED_NOT_APPLICABLE = "purchased (n/a)";

const STEP_COUNT = FUNNEL_STEPS.length;

/**
 * How the figures were made, as ids the page words in the reader's language: `noField` and
 * `none` name the grouping field.
 */
export type FunnelNote =
  | { id: "laterStep" | "purchased" | "byOffer" }
  | { id: "noField" | "none"; field: FunnelGroupBy };

/** The index of the last step a cart reached (0 at least: every cart was loaded). */
function lastStepOf(cart: FunnelCart): number {
  for (let i = STEP_COUNT - 1; i > 0; i--) if (cart[FUNNEL_STEPS[i]!.field]) return i;
  return 0;
}

function stepsOf(counts: readonly number[]): FunnelStep[] {
  return FUNNEL_STEPS.map(({ key, label }, i) => {
    const count = counts[i]!;
    if (i === 0) return { key, label, count, drop: null, dropRatio: null };
    const previous = counts[i - 1]!;
    const drop = previous - count;
    return { key, label, count, drop, dropRatio: previous > 0 ? drop / previous : null };
  });
}

/** A group's carts, purchased checkouts and how many reached each step. */
export interface StageTally {
  carts: number;
  purchased: number;
  counts: number[];
}

export const emptyTally = (): StageTally => ({ carts: 0, purchased: 0, counts: new Array<number>(STEP_COUNT).fill(0) });

/**
 * The funnel of all checkouts, or one per value of `groupBy`. Purchases have an offerCode but
 * no checkoutVersion or sessionMode; rather than guess those, purchased checkouts are kept in
 * a group of their own, PURCHASED_NOT_APPLICABLE, and `notes` says so.
 */
export function checkoutFunnel(carts: readonly FunnelCart[], purchases: readonly CheckoutPurchase[], groupBy?: FunnelGroupBy): CheckoutFunnel {
  const tallies = new Map<string, StageTally>();
  const tallyOf = (key: string): StageTally => {
    let tally = tallies.get(key);
    if (!tally) tallies.set(key, (tally = emptyTally()));
    return tally;
  };
  let cartWithoutField = false;
  for (const cart of carts) {
    let key = ALL_CHECKOUTS;
    if (groupBy) {
      key = cart[groupBy] || NONE;
      if (key === NONE) cartWithoutField = true;
    }
    const tally = tallyOf(key);
    tally.carts++;
    const last = lastStepOf(cart);
    for (let i = 0; i <= last; i++) tally.counts[i]!++;
  }
  for (const checkout of purchasedCheckouts(carts, purchases)) {
    const key = !groupBy ? ALL_CHECKOUTS : groupBy === "offerCode" ? (checkout.offerCode ?? NONE) : PURCHASED_NOT_APPLICABLE;
    const tally = tallyOf(key);
    tally.purchased++;
    for (let i = 0; i < STEP_COUNT; i++) tally.counts[i]!++;
  }
  return funnelOf(tallies, groupBy, cartWithoutField);
}

/** The funnel of each group's tally (made here, or from a fact store's counts: lib/query/cart-panels.ts); `cartWithoutField`: a cart fell in "none". */
export function funnelOf(tallies: ReadonlyMap<string, StageTally>, groupBy: FunnelGroupBy | undefined, cartWithoutField: boolean): CheckoutFunnel {
  const notes: FunnelNote[] = [{ id: "laterStep" }, { id: "purchased" }];
  if (groupBy === "offerCode") notes.push({ id: "byOffer" });
  else if (groupBy) notes.push({ id: "noField", field: groupBy });
  if (groupBy && cartWithoutField) notes.push({ id: "none", field: groupBy });

  const groups = [...tallies].map(([key, t]): FunnelGroup => ({ key, carts: t.carts, purchasedCheckouts: t.purchased, steps: stepsOf(t.counts) }));
  groups.sort((a, b) => b.steps[0]!.count - a.steps[0]!.count || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  if (!groupBy && groups.length === 0) groups.push({ key: ALL_CHECKOUTS, carts: 0, purchasedCheckouts: 0, steps: stepsOf(new Array<number>(STEP_COUNT).fill(0)) });
  return { groupBy: groupBy ?? null, groups, notes };
}
