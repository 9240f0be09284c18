// Product outages (a test control): the checkouts of one product that loaded within a window
// did not happen, as if its page had been down. No checkout, cart, purchase, order, refund or
// chargeback of them is served. Pure data: the Dataset applies them, and ground truth, given
// the same list, applies them the same way. A digest or an alert can then be held to name the
// product the test made responsible for a drop.
import type { RawCheckout } from "./raw-types";

/** As the control gives it: the product's name and a window of instants, `to` exclusive. */
export interface ProductOutage {
  productName: string;
  from: string;
  to: string;
}

/** Whether a checkout fell in an outage of its product. */
export type OutageTest = (co: RawCheckout) => boolean;

export const NO_OUTAGES: OutageTest = () => false;

export function outageTest(list: readonly ProductOutage[]): OutageTest {
  if (list.length === 0) return NO_OUTAGES;
  const windows = list.map((o) => ({ productName: o.productName, from: Date.parse(o.from), to: Date.parse(o.to) }));
  return (co) => windows.some((w) => co.product.productName === w.productName && co.loadedMs >= w.from && co.loadedMs < w.to);
}
