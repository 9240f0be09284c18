// "A day that could not be read": a day of the synced window that alone held more than the API's
// 5000 records, so only its newest 5000 are held and every figure over it is partial (the
// reports say so too). One subject per resource, the days listed; resolved once none is left
// (the upstream answers fewer, or the day left the window).
import { shiftDay } from "@/lib/calendar";
import type { MirrorStore } from "@/lib/store/mirror-store";
import type { AlertSignal } from "./alert-episodes";

export interface UnreadableDaysFacts {
  resource: string;
  /** The oldest first. */
  days: string[];
}

export async function unreadableDaysSignals(store: Pick<MirrorStore, "listDays">, account: string, request: { resources: readonly string[]; today: string; days: number }): Promise<AlertSignal[]> {
  const oldest = shiftDay(request.today, -(request.days - 1));
  const held = await store.listDays(account);
  return request.resources.map((resource) => {
    const days = held.filter((d) => d.resource === resource && !d.complete && d.day >= oldest && d.day <= request.today).map((d) => d.day).sort();
    const facts: UnreadableDaysFacts = { resource, days };
    return { kind: "unreadable_days", subject: resource, firing: days.length > 0, facts };
  });
}
