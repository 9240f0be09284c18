// Ground truth for tests: exactly the records an account gets for a window, computed
// straight from the generator (no HTTP, no injected faults, no limit).
import { makeAccounts, type AccountName } from "./accounts";
import { Dataset, type ListResource } from "./data/dataset";
import type { LateRefund } from "./data/late-refunds";
import type { ProductOutage } from "./data/product-outages";
import type { PspDecline } from "./data/psp-declines";
import { parseDay } from "./data/time";
import type { ApiRecord } from "./data/records";

export interface GroundTruthOptions {
  seed?: string;
  scale?: number;
  /** The sandbox's "now" (ISO timestamp or epoch ms); pass the same fixed now the sandbox runs with. */
  now: string | number;
  /** The `lateRefunds` test control the sandbox runs with, if any: applied exactly as the sandbox does. */
  lateRefunds?: readonly LateRefund[];
  /** The `productOutages` test control the sandbox runs with, if any. */
  productOutages?: readonly ProductOutage[];
  /** The `pspDeclines` test control the sandbox runs with, if any. */
  pspDeclines?: readonly PspDecline[];
}

const datasets = new Map<string, Dataset>();

function datasetFor(seed: string, scale: number): Dataset {
  const key = `${seed}|${scale}`;
  let dataset = datasets.get(key);
  if (!dataset) {
    dataset = new Dataset(seed, scale);
    datasets.set(key, dataset);
  }
  return dataset;
}

/**
 * Records of `resource` that `account` sees with `from` <= filter column < `to`
 * (dates YYYY-MM-DD, `to` exclusive, as in the API), newest first. Any range length.
 */
export function groundTruth(options: GroundTruthOptions, account: AccountName, resource: ListResource, from: string, to: string): ApiRecord[] {
  const seed = options.seed ?? DEFAULT_SEED;
  const fromDay = parseDay(from);
  const toDay = parseDay(to);
  if (fromDay === undefined || toDay === undefined) throw new Error(`groundTruth: bad dates ${from}..${to}`);
  const now = typeof options.now === "number" ? options.now : Date.parse(options.now);
  const scope = makeAccounts(seed)[account].scope;
  return datasetFor(seed, options.scale ?? 1).query(scope, resource, fromDay, toDay, Number.POSITIVE_INFINITY, now, options.lateRefunds, options.productOutages, options.pspDeclines).data;
}

export const DEFAULT_SEED = "salesdash";
export { makeAccounts } from "./accounts";
export type { ListResource } from "./data/dataset";
export type { LateRefund } from "./data/late-refunds";
export type { ProductOutage } from "./data/product-outages";
export type { PspDecline } from "./data/psp-declines";
