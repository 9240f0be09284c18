// How long a mirrored day stays fresh, by the age of the day. Young days still change
// (recovered carts become purchases up to three days on; orders ship); refunds and
// chargebacks reach back about 120 days; older days barely move. A day older than its
// tier's limit is fetched again before a report uses it.

export interface FreshnessTier {
  /** Days at most this old (today is 0) use this tier; Infinity for the last one. */
  upToDays: number;
  maxAgeMs: number;
}

export type FreshnessPolicy = readonly FreshnessTier[];

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const DEFAULT_FRESHNESS: FreshnessPolicy = [
  { upToDays: 3, maxAgeMs: 60 * SECOND },
  { upToDays: 30, maxAgeMs: HOUR },
  { upToDays: 120, maxAgeMs: DAY },
  { upToDays: Number.POSITIVE_INFINITY, maxAgeMs: 7 * DAY },
];

/** Whole days between the UTC day `day` (YYYY-MM-DD) and the UTC day of `now`; negative for the future. */
export function dayAge(day: string, now: number): number {
  return Math.floor(now / DAY) - Math.floor(Date.parse(`${day}T00:00:00Z`) / DAY);
}

export function maxAgeFor(day: string, now: number, policy: FreshnessPolicy = DEFAULT_FRESHNESS): number {
  const age = dayAge(day, now);
  return (policy.find((tier) => age <= tier.upToDays) ?? policy[policy.length - 1])?.maxAgeMs ?? 0;
}

/** True while the copy of `day` fetched at `fetchedAt` may stand for the upstream's. */
export function isFresh(day: string, fetchedAt: number, now: number, policy: FreshnessPolicy = DEFAULT_FRESHNESS): boolean {
  return fetchedAt > 0 && now - fetchedAt < maxAgeFor(day, now, policy);
}

const UNIT_MS: Record<string, number> = { ms: 1, s: SECOND, m: MINUTE, h: HOUR, d: DAY };

/**
 * Reads "3:60s,30:1h,120:24h,*:7d" (days at most this old : how long they stay fresh, "*" for
 * older days). Throws a sentence naming the bad part.
 */
export function parseFreshnessPolicy(text: string): FreshnessPolicy {
  const tiers = text.split(",").map((part) => {
    const match = /^\s*(\d+|\*)\s*:\s*(\d+)\s*(ms|s|m|h|d)\s*$/.exec(part);
    if (!match) throw new Error(`"${part.trim()}" is not "<days>:<duration>" (e.g. 30:1h, or *:7d for older days)`);
    return { upToDays: match[1] === "*" ? Number.POSITIVE_INFINITY : Number(match[1]), maxAgeMs: Number(match[2]) * (UNIT_MS[match[3] as string] as number) };
  });
  for (let i = 1; i < tiers.length; i++) {
    if ((tiers[i] as FreshnessTier).upToDays <= (tiers[i - 1] as FreshnessTier).upToDays) throw new Error("the tiers must go from young days to old ones, each older than the last");
  }
  if (tiers.at(-1)?.upToDays !== Number.POSITIVE_INFINITY) throw new Error('the last tier must be "*" (every older day)');
  return tiers;
}
