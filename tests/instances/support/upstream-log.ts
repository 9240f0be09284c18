// Reading the sandbox's request log (`stats()`: per account, every request with its start time,
// path, query and status): 429s, the busiest sliding minute, and the list windows it answered.
import type { RunningSandbox } from "../../support/sandbox-process";

export type Served = Awaited<ReturnType<RunningSandbox["stats"]>>[string]["log"][number];
export type UpstreamLog = Record<string, Served[]>;

export async function upstreamLog(sb: RunningSandbox, since: number, until = Number.POSITIVE_INFINITY): Promise<UpstreamLog> {
  const stats = await sb.stats();
  return Object.fromEntries(Object.entries(stats).map(([account, s]) => [account, s.log.filter((e) => e.t >= since && e.t < until)]));
}

export function count429(log: UpstreamLog): number {
  return Object.values(log).reduce((sum, entries) => sum + entries.filter((e) => e.status === 429).length, 0);
}

/** The most requests that started within any 60 s (a sliding minute, as the upstream counts). */
export function busiestMinute(entries: readonly Served[]): number {
  const times = entries.map((e) => e.t).sort((a, b) => a - b);
  let busiest = 0;
  for (let i = 0, j = 0; i < times.length; i++) {
    while ((times[i] as number) - (times[j] as number) >= 60_000) j++;
    busiest = Math.max(busiest, i - j + 1);
  }
  return busiest;
}

export interface ListWindow { t: number; resource: string; from: string; to: string; limit: number }

/** The list windows answered with 200 (the client's windows ask limit=5000; the sign-in's probe asks 1). */
export function answeredWindows(entries: readonly Served[], limit = 5000): ListWindow[] {
  const windows: ListWindow[] = [];
  for (const e of entries) {
    const match = /^\/api\/v1\/([a-z-]+)$/.exec(e.path);
    if (!match || e.status !== 200) continue;
    const query = new URLSearchParams(e.query ?? "");
    const [from, to] = [query.get("from"), query.get("to")];
    if (!from || !to || Number(query.get("limit")) !== limit) continue;
    windows.push({ t: e.t, resource: match[1] as string, from, to, limit });
  }
  return windows;
}
