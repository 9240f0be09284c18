// A dashboard of a spec's (or describe block's) own, on a fresh data directory: what its tests
// leave in a mirror or a day cache (two years of days, a day marked incomplete) stays out of the
// suite's shared dashboard. Started before the block's tests, stopped after them.
import fs from "node:fs";
import path from "node:path";
import { test } from "@playwright/test";
import { startDashboard, type DashboardInstance } from "./dashboard-instance";

export function withOwnDashboard(port: number, name: string): void {
  let dashboard: DashboardInstance | undefined;
  test.beforeAll(async () => {
    test.setTimeout(180_000);
    const dir = path.resolve(`.data/e2e/${name}`);
    fs.rmSync(dir, { recursive: true, force: true });
    fs.mkdirSync(dir, { recursive: true });
    dashboard = await startDashboard(port, dir);
  });
  test.afterAll(async () => {
    await dashboard?.stop();
  });
}
