import "server-only";

// The currency decision's counts kept with each purchases day's mark on PostgreSQL (migration
// 0023): the day's purchases per own currency and decision offer (DECISION_OFFER), and the first
// and last of its rows' instants. Two years of them are ~730 small texts: reading them replaces a
// grouping of every row of the range (0.4-1.1 s at scale 20, at the start of an Abandonment
// report, a payout calendar, and a Revenue or Refunds report's comparison: docs/benchmarks.md).
//
// A day's tallies are made in SQL from the rows its write has just stored, in that write's
// transaction, and name the fetch they describe (`at`): a day written again by an instance older
// than the migration keeps a stale text under a new fetched_at, which is then read as none. A range
// with a day whose tallies are none is counted from its rows, as before; so is, for a range of
// instants, each day whose rows are not all within them (the range's first and last UTC days).
import { z } from "zod";
import { DECISION_OFFER, offerCurrencyOf, type OfferCurrencyRecord } from "../purchase-fact-sql";
import type { SnapshotReader } from "../async-purchase-fact-store";
import type { FactOfferCurrency } from "../purchase-fact-store";

/** A day's tallies as written: the fetch they describe, [currency, offer, purchases] each, the rows' first and last created_at, and how many have none. */
const DayTallies = z.object({
  at: z.number(),
  offers: z.array(z.tuple([z.string(), z.string(), z.number().int()])),
  lo: z.number().nullable(),
  hi: z.number().nullable(),
  none: z.number().int(),
});

/** Sets the day's tallies from its rows ($1 account, $2 day, $3 the fetch's fetched_at): run after the rows and the mark are written, in their transaction. */
export const tallyDayStatement = (rows: string, days: string): string =>
  `UPDATE ${days} SET offers = (
    SELECT json_build_object('at', $3::bigint, 'offers', COALESCE(json_agg(json_build_array(g.currency, g.offer, g.n) ORDER BY g.currency, g.offer), '[]'::json),
      'lo', MIN(g.lo), 'hi', MAX(g.hi), 'none', COALESCE(SUM(g.none), 0))::text
    FROM (SELECT f.currency, ${DECISION_OFFER} AS offer, COUNT(*) AS n, MIN(f.created_at) AS lo, MAX(f.created_at) AS hi, COUNT(*) - COUNT(f.created_at) AS none
      FROM ${rows} f WHERE f.account = $1 AND f.day = $2 GROUP BY 1, 2) g
  ) WHERE account = $1 AND day = $2`;

/**
 * offerCurrencyStatement's answer from the days' tallies (one snapshot's `reader`), or null when a
 * day of the range has none (the caller counts the rows). With `instants`, a day whose rows are not
 * all within them (or that has a row without an instant) is counted from its rows.
 */
export async function offerCurrenciesOfTallies(reader: SnapshotReader, tables: { rows: string; days: string }, account: string, range: { from: string; to: string }, instants?: { fromMs: number; toMs: number }): Promise<FactOfferCurrency[] | null> {
  const marks = await reader.all<{ day: string; fetched_at: string; offers: string | null }>({
    text: `SELECT day, fetched_at, offers FROM ${tables.days} WHERE account = $1 AND day >= $2 AND day <= $3`,
    args: [account, range.from, range.to],
  });
  const sums = new Map<string, FactOfferCurrency>();
  const add = (currency: string, offer: string, purchases: number) => {
    const id = JSON.stringify([currency, offer]);
    const held = sums.get(id);
    if (held) held.purchases += purchases;
    else sums.set(id, { currency, offer, purchases });
  };
  const edges: string[] = [];
  for (const mark of marks) {
    if (mark.offers === null) return null;
    const tallies = DayTallies.safeParse(JSON.parse(mark.offers));
    if (!tallies.success || tallies.data.at !== Number(mark.fetched_at)) return null;
    const { offers, lo, hi, none } = tallies.data;
    if (offers.length === 0) continue;
    if (instants && !(none === 0 && lo !== null && hi !== null && lo >= instants.fromMs && hi < instants.toMs)) edges.push(mark.day);
    else for (const [currency, offer, purchases] of offers) add(currency, offer, purchases);
  }
  if (instants && edges.length > 0) {
    const rows = await reader.all<OfferCurrencyRecord>({
      text: `SELECT f.currency, ${DECISION_OFFER} AS offer, COUNT(*) AS purchases FROM ${tables.rows} f
        WHERE f.account = $1 AND f.day = ANY($2::text[]) AND f.created_at >= $3 AND f.created_at < $4 GROUP BY 1, 2`,
      args: [account, edges, instants.fromMs, instants.toMs],
    });
    for (const row of rows.map(offerCurrencyOf)) add(row.currency, row.offer, row.purchases);
  }
  return [...sums.values()];
}
