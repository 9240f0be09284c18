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
      // A process ended by a signal has no exit code, only its signal: it is gone all the same.
      const gone = () => child.exitCode !== null || child.signalCode !== null;
      if (gone() || child.pid === undefined) return;
      const group = -child.pid;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      signalGroup(group, "SIGTERM");
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      if (!gone()) signalGroup(group, "SIGKILL");
    },
  };
}

/** Signals a process group; one already gone (ESRCH) has nothing left to stop. */
function signalGroup(group: number, signal: NodeJS.Signals): void {
  try {
    process.kill(group, signal);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ESRCH") throw error;
  }
}
