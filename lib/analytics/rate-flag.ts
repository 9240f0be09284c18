// When an affiliate's refund or chargeback rate is flagged against the account's: only when the
// difference is more than chance. One chargeback in 361 sales is 0.3% against an account's 0.1%,
// "3x", yet such a rate is what a normal affiliate shows by luck now and then. So the test is on
// the rate's Wilson score interval (95%): flagged when even its lower bound is above FLAG_MULTIPLE
// times the account's rate, and at least MIN_EVENTS sales were refunded or charged back (with an
// account rate near zero, one event would otherwise clear any multiple of it).

/** Below this many sales a rate says too little to judge: the row says "too few sales". */
export const MIN_SAMPLE = 30;
/** A rate is flagged when its interval's lower bound is above this multiple of the account's rate in the same currency. */
export const FLAG_MULTIPLE = 2;
/** A rate is flagged only with at least this many refunded or charged-back sales. */
export const MIN_EVENTS = 3;
/** The confidence of the interval, and its two-sided normal quantile (z for 95%). */
export const CONFIDENCE = 0.95;
const Z = 1.96;

/**
 * high: significantly above FLAG_MULTIPLE× the account's; uncertain: above it, but within chance;
 * normal; small: fewer than MIN_SAMPLE sales; unavailable: the records' endpoint answered 404.
 */
export type RateFlag = "high" | "uncertain" | "normal" | "small" | "unavailable";

/**
 * The lower bound of the Wilson score interval of `events` out of `trials` at 95%:
 * (p + z²/2n − z·√(p(1−p)/n + z²/4n²)) / (1 + z²/n). Null without trials.
 */
export function wilsonLowerBound(events: number, trials: number): number | null {
  if (trials <= 0) return null;
  const p = events / trials;
  const z2 = Z * Z;
  const low = (p + z2 / (2 * trials) - Z * Math.sqrt((p * (1 - p)) / trials + z2 / (4 * trials * trials))) / (1 + z2 / trials);
  // Zero events give exactly 0, which floating point may turn into -1e-18.
  return Math.max(0, low);
}

export interface RateFigure {
  /** Sales refunded (amountRefunded > 0) or charged back; null when the chargebacks endpoint answered 404. */
  count: number | null;
  /** count / sales; null without sales or records. */
  rate: number | null;
  /** The 95% Wilson lower bound of the rate: what the flag is judged on; null when the rate is. */
  low: number | null;
  flag: RateFlag;
}

/** An affiliate's rate of `count` events among `sales`, flagged against the account's rate in the same currency. */
export function rateFigure(count: number | null, sales: number, accountRate: number | null): RateFigure {
  if (count === null) return { count, rate: null, low: null, flag: "unavailable" };
  const rate = sales === 0 ? null : count / sales;
  const low = wilsonLowerBound(count, sales);
  if (sales < MIN_SAMPLE || rate === null || low === null) return { count, rate, low, flag: "small" };
  if (accountRate === null || rate <= FLAG_MULTIPLE * accountRate) return { count, rate, low, flag: "normal" };
  const significant = count >= MIN_EVENTS && low > FLAG_MULTIPLE * accountRate;
  return { count, rate, low, flag: significant ? "high" : "uncertain" };
}
