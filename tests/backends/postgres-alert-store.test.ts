import { expect, it } from "vitest";
import type { AlertEpisode } from "@/lib/store/alert-store";
import { PostgresAlertStore } from "@/lib/store/postgres/postgres-alert-store";
import { alertStoreBehaviour } from "../support/alert-store-behaviour";
import { schemaOfFile, TEST_DATABASE_URL } from "../support/postgres-test-schema";

// Alert rules and episodes on PostgreSQL: the contract every alert store keeps, and what several
// instances on one database need: of many opens of one subject's episode at once, from two
// instances, every one answers the same episode, and one only is open.
const db = schemaOfFile(["salesdash_alert_episodes", "salesdash_alert_rules"]);
const emptyStore = async () => new PostgresAlertStore(await db.emptied());

alertStoreBehaviour("postgres", emptyStore);

const episode = (i: number): AlertEpisode => ({
  id: `e${i}`, account: "acct", kind: "sales_drop", subject: "brl", openedAt: 1_781_000_000_000 + i, clearSince: null, resolvedAt: null, facts: `{"i":${i}}`, lastFacts: `{"i":${i}}`,
});

it("of 40 opens of one subject's episode from two instances at once, all answer the same one, and one only is open", async () => {
  const store = await emptyStore();
  const other = new PostgresAlertStore(TEST_DATABASE_URL, { schema: db.schema.name });
  try {
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 ? store : other).open(episode(i))));
    const winner = answers[0];
    expect(winner).toEqual(episode(Number(winner?.id.slice(1))));
    expect(answers).toEqual(Array.from({ length: 40 }, () => winner));
    const { rows } = await db.schema.pool.query<{ id: string; resolved_at: string | null }>("SELECT id, resolved_at FROM salesdash_alert_episodes");
    expect(rows).toEqual([{ id: winner?.id, resolved_at: null }]);
    expect(await other.episodes("acct", { since: 0, limit: 10 })).toEqual([winner]);
  } finally {
    await other.close();
  }
});
