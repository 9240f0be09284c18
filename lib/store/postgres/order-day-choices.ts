import "server-only";

// What the Orders report's filter bar and currency decision read of the orders (order-fact-sql.ts's
// choiceStatements), kept with each orders day's mark on PostgreSQL (migration 0028's `choices`, of
// the fetch `choices_at` names): the day's rows grouped by choiceStatements' keys and each offer
// code's greatest name mark (nameMark); beside it the first and last of the rows' instants and how
// many have none (choices_lo, choices_hi, choices_none). Two years at scale
// 20: ~730 texts of ~110 groups instead of two readings of the range's 345 k orders side by side
// (0.57 and 0.58 s, docs/benchmarks.md). The days a range's instants cut (kept-texts.ts) are read from
// their rows, beside the others' texts; a range with a day whose text is not of its fetch, from its
// rows as before.
import type { SnapshotReader } from "../async-purchase-fact-store";
import { CHOICE_CODE, CHOICE_KEYS, choiceLabelMarks, choiceStatements, type ChoiceRecords } from "../order-fact-sql";
import type { OrderFactPlan } from "../order-fact-store";
import { forDialect, nameMark, namesOfMarks, type Statement } from "../purchase-fact-sql";
import { instantsOf, keptElements, placedMarks, type KeptMark } from "./kept-texts";

interface Tables { rows: string; days: string }

/**
 * The day's choices as JSON text (migration 0028 holds the same for the days written before it):
 * `groups`, choiceStatements' groups of the day's rows (CHOICE_KEYS, then the orders); `labels`, per
 * offer code the greatest nameMark of its rows. `where`: the day's rows of `rows` as `f`.
 */
export function choicesTextOf(rows: string, where: string): string {
  const keys = CHOICE_KEYS.map((k) => `g.${k}`).join(", ");
  const columns = CHOICE_KEYS.map((k) => (k === "own" ? "f.currency AS own" : `f.${k}`)).join(", ");
  return `(SELECT json_build_object(
      'groups', COALESCE((SELECT json_agg(json_build_array(${keys}, g.orders) ORDER BY ${keys}) FROM (SELECT ${columns}, COUNT(*) AS orders FROM ${rows} f WHERE ${where} GROUP BY ${CHOICE_KEYS.map((_, i) => i + 1).join(", ")}) g), '[]'::json),
      'labels', COALESCE((SELECT json_agg(json_build_array(l.code, l.m) ORDER BY l.code) FROM (SELECT ${CHOICE_CODE} AS code, MAX(${nameMark("postgres", "f")} COLLATE "C") AS m FROM ${rows} f WHERE ${where} GROUP BY 1) l), '[]'::json))::text)`;
}

/** The first and last of the day's instants and how many rows have none, as (choices_lo, choices_hi, choices_none): columns of their own, read for every day of a range without parsing its text (as jsonb, two years' texts took 0.2 s). */
export const choiceBoundsOf = (rows: string, where: string): string =>
  `(SELECT MIN(f.created_at), MAX(f.created_at), COUNT(*) - COUNT(f.created_at) FROM ${rows} f WHERE ${where})`;

/** Sets the day's choices from its rows ($1 account, $2 day, $3 the fetch's fetched_at): run after the rows and the mark are written, in their transaction (fact-days.ts). */
export function choicesDayStatement(rows: string, days: string): string {
  const where = "f.account = $1 AND f.day = $2";
  return `UPDATE ${days} SET choices_at = $3::bigint, (choices_lo, choices_hi, choices_none) = ${choiceBoundsOf(rows, where)}, choices = ${choicesTextOf(rows, where)} WHERE account = $1 AND day = $2`;
}

/** choiceStatements' groups of the `whole` days' kept texts. */
function keptGroupsStatement(tables: Tables, account: string, whole: readonly string[]): Statement {
  const args: unknown[] = [];
  const keys = CHOICE_KEYS.map((k) => `r.${k}`).join(", ");
  const text = `SELECT ${keys}, SUM(r.orders) AS orders
    FROM (SELECT ${CHOICE_KEYS.map((k, i) => `x ->> ${i} AS ${k}`).join(", ")}, (x ->> ${CHOICE_KEYS.length})::bigint AS orders FROM ${keptElements(tables.days, "choices", "groups", account, whole, args)}) r
    GROUP BY ${CHOICE_KEYS.map((_, i) => i + 1).join(", ")}`;
  return forDialect("postgres", { text, args });
}

/** choiceStatements' labels of the `whole` days' kept marks and the `edges` days' rows at once: the greatest mark of either names the code. */
function keptLabelsStatement(tables: Tables, account: string, plan: OrderFactPlan, whole: readonly string[], edges: readonly string[]): Statement {
  const args: unknown[] = [];
  let marks = `SELECT x ->> 0 AS code, x ->> 1 AS m FROM ${keptElements(tables.days, "choices", "labels", account, whole, args)}`;
  if (edges.length > 0) marks += ` UNION ALL ${choiceLabelMarks(tables.rows, account, plan, args, edges)}`;
  return forDialect("postgres", { text: namesOfMarks("postgres", ["code"], `(${marks}) r`), args });
}

/** The range's choices (choiceStatements' rows) from the whole days' kept texts and the edges' rows, or null when a day of the range has no text of its fetch. */
export async function orderChoicesOfTallies(reader: SnapshotReader, tables: Tables, account: string, plan: OrderFactPlan): Promise<ChoiceRecords | null> {
  const marks = await reader.all<KeptMark>({
    text: `SELECT day, choices_at = fetched_at AS current, choices_lo AS lo, choices_hi AS hi, choices_none AS none FROM ${tables.days} WHERE account = $1 AND day >= $2 AND day <= $3`,
    args: [account, plan.days.from, plan.days.to],
  });
  const days = placedMarks(marks, instantsOf(plan));
  if (!days) return null;
  const { whole, edges } = days;
  type Group = ChoiceRecords["groups"][number];
  // The labels and the edges' groups read beside the kept groups (two years at scale 20: 0.1 and 0.2 s one after the other).
  const beside = reader.beside ?? reader.all;
  // Asked first: a read beside starts from this connection's snapshot, exported once the statements asked before it here are done.
  const labels = beside<ChoiceRecords["labels"][number]>(keptLabelsStatement(tables, account, plan, whole, edges));
  const cut = edges.length === 0 ? [] : beside<Group>(choiceStatements("postgres", tables.rows, account, plan, edges).groups);
  const kept = whole.length === 0 ? [] : reader.all<Group>(keptGroupsStatement(tables, account, whole));
  const [keptGroups, cutGroups, labelRows] = await Promise.all([kept, cut, labels]);
  return { groups: [...keptGroups, ...cutGroups], labels: labelRows };
}
