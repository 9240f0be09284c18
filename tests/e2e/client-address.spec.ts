// The share-link opening limit (60 a minute per client address) against a client that writes
// its own X-Forwarded-For: with no proxy configured the header changes nothing, and the 61st
// opening in a minute is refused; with SALESDASH_TRUSTED_PROXIES=1 the entry the proxy appended
// is the address. Dashboards of their own: 60 openings would spend the shared dashboard's count
// for the other specs' share links.
import { randomBytes } from "node:crypto";
import http from "node:http";
import path from "node:path";
import { expect, test, type APIRequestContext } from "./support/test";
import { startDashboard, type DashboardInstance } from "./support/dashboard-instance";
import { DASHBOARD_PORT } from "./support/sandbox";

const PORT = DASHBOARD_PORT + 4;
test.describe.configure({ timeout: 240_000 });

let dashboard: DashboardInstance | undefined;
test.afterEach(async () => {
  await dashboard?.stop();
  dashboard = undefined;
});

/** The status of one opening sent from another loopback address (a client of its own socket). */
function statusFrom(localAddress: string, url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http.get(url, { localAddress }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    }).on("error", reject);
  });
}

/** The statuses of 70 openings of an unknown link's CSV, each claiming another address. */
async function openings(request: APIRequestContext, url: string): Promise<number[]> {
  const token = randomBytes(32).toString("base64url");
  const statuses: number[] = [];
  for (let i = 0; i < 70; i += 1) {
    const response = await request.get(`${url}/s/${token}/csv/kpis`, { headers: { "x-forwarded-for": `198.51.100.${i + 1}` } });
    statuses.push(response.status());
  }
  return statuses;
}

test("a forged X-Forwarded-For does not escape the limit when no proxy is configured", async ({ request }) => {
  dashboard = await startDashboard(PORT, path.resolve(".data/e2e/client-address"));
  const statuses = await openings(request, dashboard.url);
  expect(statuses.slice(0, 60).every((status) => status === 404)).toBe(true);
  expect(statuses.slice(60)).toEqual(Array(10).fill(429));
  // The count is the socket's address, not one bucket for everyone: another address still opens.
  expect(await statusFrom("127.0.0.2", `${dashboard.url}/s/${randomBytes(32).toString("base64url")}/csv/kpis`)).toBe(404);
});

test("behind one configured proxy, the address it appended is the one counted", async ({ request }) => {
  dashboard = await startDashboard(PORT, path.resolve(".data/e2e/client-address"), { SALESDASH_TRUSTED_PROXIES: "1" });
  const statuses = await openings(request, dashboard.url);
  expect(statuses).toEqual(Array(70).fill(404));
});
