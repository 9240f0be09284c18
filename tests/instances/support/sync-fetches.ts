// Which UTC days each list window of the sync delivered completely, and whether any day was
// fetched twice across the two instances. A window answered in full delivers all its days; a
// truncated one (over `limit` records: the upstream keeps the newest) delivers the days after
// the day of its oldest record, and the client asks again for that day (window-plan.ts
// `advance`), which is not a refetch. Counted from the sandbox's ground truth, day by day.
import { groundTruth, type ListResource } from "../../../sandbox/ground-truth";
import { FIXED_NOW } from "../../support/sandbox-process";
import type { Account } from "./report-loads";
import type { ListWindow } from "./upstream-log";

const shift = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

export function completedDays(account: Account, window: ListWindow): string[] {
  const newestFirst: Array<[string, number]> = [];
  for (let day = shift(window.to, -1); day >= window.from; day = shift(day, -1)) {
    newestFirst.push([day, groundTruth({ now: FIXED_NOW }, account, window.resource as ListResource, day, shift(day, 1)).length]);
  }
  const total = newestFirst.reduce((sum, [, n]) => sum + n, 0);
  if (total <= window.limit) return newestFirst.map(([day]) => day);
  const completed: string[] = [];
  let kept = 0;
  for (const [day, n] of newestFirst) {
    kept += n;
    if (kept >= window.limit) break; // the oldest kept record's day: partly delivered
    completed.push(day);
  }
  return completed;
}

export interface SyncFetchAnalysis {
  /** Windows the killed instance was answered before it died, and after it (the survivor's). */
  killedWindows: number;
  survivorWindows: number;
  /** "resource day" the survivor fetched although the mirror held it at the kill: a finished day refetched. */
  refetchedHeld: string[];
  /** Windows answered to the killed instance whose days it never stored (in flight when it died). */
  lostWindows: string[];
  /** "resource day" delivered twice for any other reason. */
  duplicates: string[];
}

/** `held`: "resource day" of every day the mirror held right after the kill (nothing can be written between). */
export function analyseSyncFetches(account: Account, windows: readonly ListWindow[], killAt: number, held: ReadonlySet<string>): SyncFetchAnalysis {
  const byDay = new Map<string, Array<"killed" | "survivor">>();
  const lost = new Set<string>();
  const refetchedHeld: string[] = [];
  let killedWindows = 0;
  for (const window of windows) {
    const who = window.t < killAt ? "killed" : "survivor";
    if (who === "killed") killedWindows++;
    for (const day of completedDays(account, window)) {
      const key = `${window.resource} ${day}`;
      byDay.set(key, [...(byDay.get(key) ?? []), who]);
      if (who === "survivor" && held.has(key)) refetchedHeld.push(key);
      if (who === "killed" && !held.has(key)) lost.add(`${window.resource} [${window.from}, ${window.to})`);
    }
  }
  const duplicates: string[] = [];
  for (const [key, fetchers] of byDay) {
    if (fetchers.length < 2) continue;
    const killed = fetchers.filter((f) => f === "killed").length;
    // Explained: the killed instance got the day but died before storing it; the survivor fetched it once.
    const lostInTheKill = killed === 1 && fetchers.length === 2 && !held.has(key);
    if (!lostInTheKill) duplicates.push(`${key} (${fetchers.join(", ")})`);
  }
  return { killedWindows, survivorWindows: windows.length - killedWindows, refetchedHeld, lostWindows: [...lost], duplicates };
}
