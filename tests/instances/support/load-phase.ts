// The load phase: browser sessions that sign in on one instance and then open reports on the
// other, alternately, until a deadline, each load compared with the ground truth and every
// response scanned for the other account's values.
import type { Browser } from "@playwright/test";
import type { Credential } from "../../support/sandbox-process";
import type { DashboardProcess } from "./dashboard-process";
import { scanResponses } from "./account-markers";
import { LOADS, openAndCheck, type Account, type Figures, type ReportLoad } from "./report-loads";
import { signInWithForm } from "./sessions";

export interface SessionPlan { account: Account; credential: Credential; index: number }

export interface SessionOutcome {
  account: Account;
  signedInOn: string;
  loads: number;
  /** The longest a report took to show its figures. */
  slowestMs: number;
  figures: number;
  mismatched: number;
  notes: string[];
  bodies: number;
  leaks: string[];
  error?: string;
}

export const truthKey = (account: Account, load: ReportLoad) => `${account} ${load.kind} ${load.from} ${load.to}`;

export async function runSession(
  browser: Browser,
  plan: SessionPlan,
  instances: readonly [DashboardProcess, DashboardProcess],
  deadline: number,
  truth: ReadonlyMap<string, Figures>,
  forbidden: readonly string[],
): Promise<SessionOutcome> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const scan = scanResponses(page, forbidden);
  const [a, b] = instances;
  let last = plan.index % 2 === 0 ? a : b;
  const outcome: SessionOutcome = { account: plan.account, signedInOn: last.name, loads: 0, slowestMs: 0, figures: 0, mismatched: 0, notes: [], bodies: 0, leaks: [] };
  try {
    await signInWithForm(page, last.url, plan.credential);
    // Sessions start at different reports, so that the heavy ones are asked for side by side.
    for (let n = plan.index; Date.now() < deadline; n++) {
      const target = last === a ? b : a;
      const load = LOADS[n % LOADS.length] as ReportLoad;
      const started = Date.now();
      const result = await openAndCheck(page, target.url, load, truth.get(truthKey(plan.account, load)) as Figures);
      outcome.slowestMs = Math.max(outcome.slowestMs, Date.now() - started);
      outcome.loads++;
      outcome.figures += result.figures;
      outcome.mismatched += result.mismatched;
      outcome.notes.push(...result.notes);
      last = target;
    }
  } catch (error) {
    outcome.error = error instanceof Error ? error.message.split("\n")[0] : String(error);
  } finally {
    await scan.settled();
    await context.close();
  }
  outcome.bodies = scan.bodies;
  outcome.leaks = scan.leaks;
  return outcome;
}
