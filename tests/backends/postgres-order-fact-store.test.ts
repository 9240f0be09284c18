import { expect, it } from "vitest";
import { PostgresOrderFactStore } from "@/lib/store/postgres/postgres-order-fact-store";
import { orderFactRow } from "@/lib/query/order-facts";
import { orderPlan } from "@/lib/query/order-query";
import { choiceStatements, fulfilmentStatement, orderChoicesOf } from "@/lib/store/order-fact-sql";
import type { OrderFactChoices, OrderFactPlan } from "@/lib/store/order-fact-store";
import { writesDayOfManyRows } from "../support/fact-day-store-behaviour";
import { fillOrderFactStore, NOW, orderDays } from "../support/order-facts-fixture";
import { orderFactStoreBehaviour } from "../support/order-fact-store-behaviour";
import { ordersHoldToRecords } from "../support/order-query-property";
import { schemaOfFile } from "../support/postgres-test-schema";

// The orders fact table on PostgreSQL: the same suite as SQLite's, each store on a pool of its
// own (an instance), then what only a shared database adds.
const db = schemaOfFile(["salesdash_order_facts", "salesdash_order_fact_days"]);

orderFactStoreBehaviour("PostgresOrderFactStore", db.backend((url, options) => new PostgresOrderFactStore(url, options)));

writesDayOfManyRows("PostgresOrderFactStore", db, (pool) => new PostgresOrderFactStore(pool), "salesdash_order_facts", () => orderFactRow(orderDays().get("2026-03-10")![0]!), (one, i) => ({ ...one, orderId: i + 1 }), async (store) => {
  expect(await store.readDayMeta("acct", ["2026-03-10", "2026-03-11"])).toEqual([{ day: "2026-03-10", fetchedAt: NOW, count: 5000 }]);
});

it("gives the records' Orders view for 50 random queries, as SQLite does for 150 (tests/unit)", async () => {
  const store = new PostgresOrderFactStore(await db.emptied());
  await fillOrderFactStore(store);
  await ordersHoldToRecords(store, 50);
}, 120_000);

it("reads the choices from the days' kept texts and the rows of the days a range's instants cut, and every day's rows where a day's text is not of its fetch", async () => {
  const pool = await db.emptied();
  const store = () => new PostgresOrderFactStore(pool);
  await fillOrderFactStore(store());
  // Any order: the kept texts and the rows give the same choices in other orders.
  const sorted = (c: OrderFactChoices) => Object.fromEntries(Object.entries(c).map(([k, list]) => [k, (list as unknown[]).map((v) => JSON.stringify(v)).sort()]));
  const rows = async (plan: OrderFactPlan) => {
    const s = choiceStatements("postgres", "salesdash_order_facts", "creator", plan);
    const all = async <T,>(statement: { text: string; args: unknown[] }) => (await pool.query({ text: statement.text, values: statement.args })).rows as T[];
    return sorted(orderChoicesOf({ groups: await all(s.groups), labels: await all(s.labels) }));
  };
  // A store of its own each time: none keeps an answer read before a mark was changed by hand.
  const answer = async (plan: OrderFactPlan) => sorted(await store().choices("creator", plan));
  const plan = (from: string, to: string, timeZone: string) => {
    const { plan: p } = orderPlan({ from, to, timeZone, granularity: "day", filters: {} });
    return { ...p, bucketStarts: p.bucketStarts.slice(0, 1) };
  };
  const cases = [plan("2026-03-01", "2026-05-31", "UTC"), plan("2026-03-01", "2026-05-31", "America/Sao_Paulo"), plan("2026-04-10", "2026-04-12", "Asia/Kathmandu"), plan("2026-03-10", "2026-03-10", "Pacific/Kiritimati"), plan("2027-01-01", "2027-01-02", "UTC")];
  for (const p of cases) expect(await answer(p)).toEqual(await rows(p));
  const whole = cases[0]!;
  expect((await answer(whole)).labels!.length).toBeGreaterThan(1);

  // The kept texts are what is read: a day's offers said by hand to be named "Told" (the newest day of the range, so its names are the offers' labels).
  const day = "2026-05-31";
  const { rows: [mark] } = await pool.query<{ choices: string }>("SELECT choices FROM salesdash_order_fact_days WHERE account = 'creator' AND day = $1", [day]);
  const told = JSON.parse(mark!.choices) as { labels: string[][] };
  expect(told.labels.length).toBeGreaterThan(0);
  told.labels = told.labels.map(([code, m]) => [code!, `${m!.slice(0, 20)}1Told`]);
  await pool.query("UPDATE salesdash_order_fact_days SET choices = $1 WHERE account = 'creator' AND day = $2", [JSON.stringify(told), day]);
  const labels = async (p: OrderFactPlan) => (await store().choices("creator", p)).labels.filter((l) => l.label === "Told").map((l) => l.code).sort();
  expect(await labels(whole)).toEqual(told.labels.map(([code]) => code).sort());
  // São Paulo's 31st ends at 03:00 UTC of June 1st: the 31st is whole there too; Kathmandu's range cuts the days it reads.
  expect(await labels(plan("2026-05-30", "2026-05-31", "UTC"))).toEqual(told.labels.map(([code]) => code).sort());
  // A text of an older fetch than its mark's: every day's rows.
  await pool.query("UPDATE salesdash_order_fact_days SET fetched_at = fetched_at + 1 WHERE account = 'creator' AND day = $1", [day]);
  for (const p of cases) expect(await answer(p)).toEqual(await rows(p));
  expect(await labels(whole)).toEqual([]);
  // Written again, kept again.
  await store().replaceDay("creator", day, NOW + 5, orderDays().get(day)!.map(orderFactRow));
  const { rows: [again] } = await pool.query<{ choices_at: string; choices: string }>("SELECT choices_at, choices FROM salesdash_order_fact_days WHERE account = 'creator' AND day = $1", [day]);
  expect(Number(again!.choices_at)).toBe(NOW + 5);
  expect(JSON.parse(again!.choices).labels.length).toBe(told.labels.length);
  for (const p of cases) expect(await answer(p)).toEqual(await rows(p));
});

it("plans fulfilment knowing how few groups the orders make (migration 0029's statistics), not a group an order", async () => {
  const pool = await db.emptied();
  const store = new PostgresOrderFactStore(pool);
  const template = orderFactRow(orderDays().get("2026-03-10")![0]!);
  const hour = 3_600_000;
  const keys = new Set<string>();
  // 24 days of 1,000 orders each, in 12 groups: the delivered ones by carrier and eight lengths of 48 to 69 hours, the others by milestone and carrier.
  for (let d = 0; d < 24; d++) {
    const day = `2026-04-${String(d + 1).padStart(2, "0")}`;
    const start = Date.parse(`${day}T00:00:00Z`);
    const rows = Array.from({ length: 1000 }, (_, i) => {
      const milestone = ["delivered", "in_transit", "posted"][i % 3]!;
      const carrier = ["Correios", "Jadlog"][(i >> 2) % 2]!;
      const completedAt = start + i * 60_000;
      const deliveredAt = milestone === "delivered" ? completedAt + (48 + (i % 24)) * hour : null;
      keys.add(JSON.stringify([milestone, carrier, deliveredAt === null ? null : deliveredAt - completedAt]));
      return { ...template, orderId: d * 1000 + i + 1, createdAt: completedAt, completedAt, deliveredAt, milestone, carrier, currency: "brl", currencyOffer: "" };
    });
    await store.replaceDay("creator", day, NOW, rows);
  }
  await pool.query("ANALYZE salesdash_order_facts");
  const { plan } = orderPlan({ from: "2026-04-01", to: "2026-04-24", timeZone: "UTC", granularity: "day", filters: {} });
  const statement = fulfilmentStatement("postgres", "salesdash_order_facts", "creator", plan);
  type Node = { "Node Type": string; "Plan Rows": number; Plans?: Node[] };
  const { rows: [explained] } = await pool.query<{ "QUERY PLAN": Array<{ Plan: Node }> }>({ text: `EXPLAIN (FORMAT JSON) ${statement.text}`, values: statement.args });
  const aggregates: number[] = [];
  const walk = (node: Node) => {
    if (node["Node Type"] === "Aggregate") aggregates.push(node["Plan Rows"]);
    node.Plans?.forEach(walk);
  };
  walk(explained!["QUERY PLAN"][0]!.Plan);
  // Every grouping's guess within ten times the groups there are (blind, PostgreSQL guessed 23,995 grouped by the placed currency, 2,400 by the plain columns).
  expect(keys.size).toBeLessThan(200);
  expect(aggregates.length).toBeGreaterThan(0);
  for (const guess of aggregates) expect(guess).toBeLessThan(10 * keys.size);
  // And the statement answers as the rows say.
  const { rows } = await pool.query<{ orders: string }>({ text: statement.text, values: statement.args });
  expect(rows.reduce((n, r) => n + Number(r.orders), 0)).toBe(24_000);
}, 60_000);
