// The suite's `test`: Playwright's, with one check every test gets. A test may turn the sandbox's
// controls (faults, latency, missing endpoints) on, but must leave them as it found them: the
// next spec would otherwise meet a slow or broken upstream and fail for a reason of ours. A test
// that does not is failed, by name, and the controls are put back for the tests after it.
import { test as base } from "@playwright/test";
import { sandboxRequest, setSandboxControls } from "./sandbox";

export * from "@playwright/test";

export const test = base.extend<{ sandboxControlsKept: void }>({
  sandboxControlsKept: [
    async ({}, use, testInfo) => {
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
