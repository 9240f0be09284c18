// PSP declines (a test control): the payment attempts of one PSP's checkouts that began within a
// window were declined more often, as if that PSP had started refusing cards. Each such
// abandoned cart that reached the PSP (it names one: it had an attempt) carries `declines` more
// attempts, all declined, the last with `code`. Pure
// data: the Dataset applies them to the abandoned carts it serves, and ground truth, given the
// same list, applies them the same way. An alert can then be held to name the PSP (and the code)
// the test made responsible for a rise in declines.
import type { RawCheckout } from "./raw-types";
import type { ApiRecord } from "./records";

/** As the control gives it: the PSP, a window of instants (`to` exclusive) of the cart's session start, and what was added. */
export interface PspDecline {
  psp: string;
  from: string;
  to: string;
  declines: number;
  code: string;
}

/** The cart record as served under the declines in effect (the same record when none applies). */
export type DeclineApplier = (co: RawCheckout, record: ApiRecord) => ApiRecord;

export const NO_DECLINES: DeclineApplier = (_co, record) => record;

export function declineApplier(list: readonly PspDecline[]): DeclineApplier {
  if (list.length === 0) return NO_DECLINES;
  const windows = list.map((d) => ({ ...d, fromMs: Date.parse(d.from), toMs: Date.parse(d.to) }));
  return (co, record) => {
    const session = co.sessionMs;
    const r = record as Record<string, unknown>;
    if (session === null || typeof r.psp !== "string") return record;
    const hits = windows.filter((w) => r.psp === w.psp && session >= w.fromMs && session < w.toMs);
    if (hits.length === 0) return record;
    const added = hits.reduce((n, w) => n + w.declines, 0);
    return {
      ...record,
      attemptCount: Number(r.attemptCount ?? 0) + added,
      attemptDeclinedCount: Number(r.attemptDeclinedCount ?? 0) + added,
      lastDeclineCode: hits[hits.length - 1]!.code,
    } as ApiRecord;
  };
}
