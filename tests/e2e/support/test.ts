// The suite's `test`: Playwright's, with what every test gets.
// - A test may turn the sandbox's controls (faults, latency, missing endpoints) on, but must leave
//   them as it found them: the next spec would otherwise meet a slow or broken upstream and fail
//   for a reason of ours. A test that does not is failed, by name, and the controls are put back.
// - A test starts with room in every key's budget: the requests the previous tests sent in the last
//   minute (the shared dashboard's and the specs' own dashboards', which share the sandbox's 60 a
//   minute per key) can otherwise hold the next test's first window for up to a minute. Seen: the
//   mirror specs' syncing dashboards beside the shared one drove the creator key to 63 requests in
//   a minute and four 429s, and a Revenue preset waited for the budget past its test's timeout.
import { test as base, type Page, type Request, type TestInfo } from "@playwright/test";
import { sandboxRequest, setSandboxControls } from "./sandbox";

export * from "@playwright/test";

/** Requests of a key's 60 a minute left free for every test when it starts. */
const HEADROOM = 20;

type LogEntry = { t: number; path?: string; query?: string; status?: number };

/** Each key's requests to the sandbox since `since` (epoch ms). */
async function requestsSince(since: number): Promise<Array<[string, LogEntry[]]>> {
  const stats = (await sandboxRequest("GET", "/__sandbox/stats")) as { accounts?: Record<string, { log: LogEntry[] }> };
  return Object.entries(stats.accounts ?? {}).map(([name, account]) => [name, account.log.filter((entry) => entry.t >= since)]);
}

/** Waits (at most a minute and a bit) until no key sent more than 60 - HEADROOM requests in the last minute. */
async function waitForBudgetHeadroom(title: string): Promise<void> {
  for (let waited = 0; waited < 65; waited++) {
    const busiest = Math.max(0, ...(await requestsSince(Date.now() - 61_000)).map(([, log]) => log.length));
    if (busiest <= 60 - HEADROOM) return;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  console.warn(`"${title}" starts without ${HEADROOM} requests of headroom in some key's minute: a report may wait for the budget`);
}

/** After a failure: what each key asked of the sandbox during the test (a report waiting for the budget shows here). */
async function describeUpstreamTraffic(since: number): Promise<string> {
  const lines = (await requestsSince(since)).filter(([, log]) => log.length > 0).map(([name, log]) => {
    const refused = log.filter((entry) => entry.status === 429).length;
    const last = log.slice(-8).map((entry) => `  +${Math.round((entry.t - since) / 1000)}s ${entry.status} ${entry.path}${entry.query ?? ""}`);
    return [`${name}: ${log.length} request(s), ${refused} refused (429); the last ones:`, ...last].join("\n");
  });
  return lines.length > 0 ? lines.join("\n") : "no request reached the sandbox during the test";
}

/**
 * Text attached in parts the failure summary prints whole: the list reporter cuts an attached
 * text after 300 characters, and the summary is all CI shows.
 */
async function attachText(testInfo: TestInfo, name: string, text: string): Promise<void> {
  const parts: string[] = [];
  for (const line of text.split("\n")) {
    for (let at = 0; at < line.length || at === 0; at += 280) {
      const piece = line.slice(at, at + 280);
      const last = parts.at(-1);
      if (last !== undefined && last.length + piece.length + 1 <= 290) parts[parts.length - 1] = `${last}\n${piece}`;
      else parts.push(piece);
    }
  }
  for (const [index, body] of parts.entries()) await testInfo.attach(parts.length > 1 ? `${name} (${index + 1}/${parts.length})` : name, { body, contentType: "text/plain" });
}

/** The page's report frame as a person sees it: which range the screen shows, and whether as the previous one. */
async function describePage(page: Page, reportRequests: string[]): Promise<string> {
  const text = async (testId: string) => (await page.getByTestId(testId).first().textContent({ timeout: 1_000 }).catch(() => null)) ?? "(none)";
  const bodyState = await page.getByTestId("report-body").first().getAttribute("data-state", { timeout: 1_000 }).catch(() => null);
  return [
    `url: ${page.url()}`,
    `report-range: ${await text("report-range")}`,
    `previous-range: ${await text("previous-range")}`,
    `report-body state: ${bodyState ?? "(none)"}`,
    "the dashboard's report requests (sent, answered):",
    ...(reportRequests.length > 0 ? reportRequests.slice(-12) : ["  none"]),
  ].join("\n");
}

export const test = base.extend<{ sandboxControlsKept: void }>({
  // After a failure: the page's report frame and its report requests, printed in the summary.
  page: async ({ page }, provide, testInfo) => {
    const started = Date.now();
    const requests: string[] = [];
    const at = () => `+${((Date.now() - started) / 1000).toFixed(1)}s`;
    const note = (what: (request: Request) => string) => (request: Request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith("/api/reports/")) requests.push(`  ${at()} ${what(request)} ${url.pathname}${url.search}`);
    };
    page.on("request", note(() => "sent"));
    page.on("requestfinished", note(() => "finished"));
    page.on("requestfailed", note((request) => `failed (${request.failure()?.errorText})`));
    await provide(page);
    if (testInfo.status !== testInfo.expectedStatus && !page.isClosed()) await attachText(testInfo, "the page when the test failed", await describePage(page, requests));
  },
  sandboxControlsKept: [
    async ({}, use, testInfo) => {
      await waitForBudgetHeadroom(testInfo.title);
      const started = Date.now();
      const before = (await sandboxRequest("GET", "/__sandbox/controls")) as Record<string, unknown>;
      await use();
      // Attached, not logged: the failure summary at the end of the run (all CI shows) prints it.
      if (testInfo.status !== testInfo.expectedStatus) await attachText(testInfo, "sandbox traffic during the test", await describeUpstreamTraffic(started));
      const after = (await sandboxRequest("GET", "/__sandbox/controls")) as Record<string, unknown>;
      const changed = Object.keys(before).filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]));
      if (changed.length === 0) return;
      await setSandboxControls(before);
      throw new Error(`"${testInfo.title}" left the sandbox's controls changed (${changed.join(", ")}); they are put back, but the test must restore what it sets.`);
    },
    { auto: true },
  ],
});
