import "server-only";

// When a report may read a fact table instead of its records: the table holds every day of the
// reports as the mirror served them (the same fetch time, none left unfetched). One rule for
// every table (purchases, orders, carts, refunds, chargebacks); otherwise the report reads the
// records, which fetch what is missing or stale and so write its rows.
import type { FactDayStore } from "@/lib/mirror/fact-tables";
import type { RangeReport } from "@/lib/mirror/range-types";

export async function factsHold(facts: Pick<FactDayStore<unknown>, "readDayMeta">, account: string, reports: readonly RangeReport[]): Promise<boolean> {
  if (reports.some((r) => r.unfetchedDays.length > 0)) return false;
  const stamps = reports.flatMap((r) => r.fetchedAt);
  const held = new Map((await facts.readDayMeta(account, stamps.map(([day]) => day))).map((m) => [m.day, m.fetchedAt]));
  return stamps.every(([day, fetchedAt]) => held.get(day) === fetchedAt);
}
