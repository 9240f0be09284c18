// The suite's `test`: Playwright's, with what every test gets.
// - A test may turn the sandbox's controls (faults, latency, missing endpoints) on, but must leave
//   them as it found them: the next spec would otherwise meet a slow or broken upstream and fail
//   for a reason of ours. A test that does not is failed, by name, and the controls are put back.
// - A test starts with room in every key's budget: the requests the previous tests sent in the last
//   minute (the shared dashboard's and the specs' own dashboards', which share the sandbox's 60 a
//   minute per key) can otherwise hold the next test's first window for up to a minute. Seen: the
//   mirror specs' syncing dashboards beside the shared one drove the creator key to 63 requests in
//   a minute and four 429s, and a Revenue preset waited for the budget past its test's timeout.
import { test as base } from "@playwright/test";
import { sandboxRequest, setSandboxControls } from "./sandbox";

export * from "@playwright/test";

/** Requests of a key's 60 a minute left free for every test when it starts. */
const HEADROOM = 20;

/** Waits (at most a minute and a bit) until no key sent more than 60 - HEADROOM requests in the last minute. */
async function waitForBudgetHeadroom(): Promise<void> {
  for (let waited = 0; waited < 65; waited++) {
    const stats = (await sandboxRequest("GET", "/__sandbox/stats")) as { accounts?: Record<string, { log: Array<{ t: number }> }> };
    const now = Date.now();
    const busiest = Math.max(0, ...Object.values(stats.accounts ?? {}).map((account) => account.log.filter((entry) => now - entry.t < 61_000).length));
    if (busiest <= 60 - HEADROOM) return;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}

export const test = base.extend<{ sandboxControlsKept: void }>({
  sandboxControlsKept: [
    async ({}, use, testInfo) => {
      await waitForBudgetHeadroom();
      const before = (await sandboxRequest("GET", "/__sandbox/controls")) as Record<string, unknown>;
      await use();
      const after = (await sandboxRequest("GET", "/__sandbox/controls")) as Record<string, unknown>;
      const changed = Object.keys(before).filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]));
      if (changed.length === 0) return;
      await setSandboxControls(before);
      throw new Error(`"${testInfo.title}" left the sandbox's controls changed (${changed.join(", ")}); they are put back, but the test must restore what it sets.`);
    },
    { auto: true },
  ],
});
