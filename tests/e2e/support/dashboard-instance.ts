// A second dashboard, started from the suite's production build (`next start`, the build the
// shared dashboard made) with a configuration of its own: the mirror's spec restarts it, which
// the shared one cannot be. It runs in a process group of its own, stopped as a whole
// (`next start` leaves `next-server` holding the port otherwise).
import { spawn, type ChildProcess } from "node:child_process";
import { createRequire } from "node:module";
import { dashboardEnv } from "./sandbox";
import { dashboardAnswers } from "../../support/dashboard-answering";

export interface DashboardInstance { url: string; stop(): Promise<void> }

const nextBin = createRequire(import.meta.url).resolve("next/dist/bin/next");

export async function startDashboard(port: number, dataDir: string, extra: Record<string, string> = {}): Promise<DashboardInstance> {
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, [nextBin, "start", "-p", String(port)], {
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", NODE_ENV: "production", ...dashboardEnv(url, dataDir, extra) },
    stdio: ["ignore", "inherit", "inherit"],
    detached: true,
  });
  const deadline = Date.now() + 120_000;
  while (!(await dashboardAnswers(url))) {
    if (child.exitCode !== null) throw new Error(`the dashboard on port ${port} exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error(`the dashboard on port ${port} did not answer within 120 s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    url,
    async stop() {
      if (child.exitCode !== null || child.pid === undefined) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      process.kill(-child.pid, "SIGTERM");
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      if (child.exitCode === null) process.kill(-child.pid, "SIGKILL");
    },
  };
}
