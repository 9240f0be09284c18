import "server-only";

// What the readers of the texts kept with the fact tables' day marks on PostgreSQL share
// (day-tallies.ts, refund-day-cells.ts, order-day-choices.ts): where a day's rows stand against a
// range's instants, which days are read from their texts and which from their rows, and a text's
// elements as rows.

export type Instants = { fromMs: number; toMs: number };

/** A plan's range of instants: its first bucket's start to its end. */
export const instantsOf = (plan: { bucketStarts: readonly number[]; endMs: number }): Instants => ({ fromMs: plan.bucketStarts[0] ?? plan.endMs, toMs: plan.endMs });

/**
 * Where a day's rows stand against a range of instants, by the first and last of their instants
 * and how many have none: all within it ("whole": its tallies or sums are the range's), none within
 * it ("out": a row without an instant never is), or some ("edge": read from its rows).
 */
export function placeOfDay(lo: number | null, hi: number | null, none: number, instants: Instants): "whole" | "out" | "edge" {
  if (lo === null || hi === null || hi < instants.fromMs || lo >= instants.toMs) return "out";
  return none === 0 && lo >= instants.fromMs && hi < instants.toMs ? "whole" : "edge";
}

/** A day's mark as the readers select it: whether its texts are of its fetch, and its instants' bounds (numbers or PostgreSQL's bigint text). */
export interface KeptMark { day: string; current: boolean | null; lo: string | number | null; hi: string | number | null; none: string | number | null }

/** The marks' days placed against `instants`: `whole` (read from their texts) and `edges` (from their rows); null when a day's texts are not of its fetch. */
export function placedMarks(marks: readonly KeptMark[], instants: Instants): { whole: string[]; edges: string[] } | null {
  const whole: string[] = [];
  const edges: string[] = [];
  const number = (v: string | number | null) => (v === null ? null : Number(v));
  for (const mark of marks) {
    if (mark.current !== true) return null;
    const place = placeOfDay(number(mark.lo), number(mark.hi), Number(mark.none), instants);
    if (place === "whole") whole.push(mark.day);
    else if (place === "edge") edges.push(mark.day);
  }
  return { whole, edges };
}

/**
 * The elements of the JSON array kept in `column` of the marks table `days` (under `key`, when
 * the text is an object), of the account's `whole` days (both pushed onto `args`), as `x`, the
 * mark as `k`. Read as jsonb, each text parsed once: json's `->>` parses an element again for
 * each value read (two years of refund cells took 0.3 s, as jsonb 0.1 s).
 */
export function keptElements(days: string, column: string, key: string | null, account: string, whole: readonly string[], args: unknown[]): string {
  args.push(account, whole);
  return `${days} k CROSS JOIN LATERAL jsonb_array_elements((k.${column}::jsonb)${key ? ` -> '${key}'` : ""}) AS x WHERE k.account = ? AND k.day = ANY(?::text[])`;
}
