// One dashboard instance: `next start` from the production build, in a process group of its own
// (next start runs next-server as a child; stopping or killing the group takes both), with its
// stdout and stderr (JSON log lines) in a file of its own.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { nextBin } from "./production-build";
import { dashboardAnswers } from "../../support/dashboard-answering";

const ROOT = path.resolve(import.meta.dirname, "../../..");

export interface DashboardProcess {
  name: string;
  url: string;
  port: number;
  /** The process group (the `next start` process's pid). */
  pgid: number;
  logFile: string;
  /** SIGTERM to the group, SIGKILL after 10 s. */
  stop(): Promise<void>;
  /** SIGKILL to the whole group at once: a crash, nothing runs after it. */
  kill(): Promise<void>;
}

export async function startDashboardProcess(name: string, port: number, env: Record<string, string>, logDir: string): Promise<DashboardProcess> {
  const url = `http://127.0.0.1:${port}`;
  fs.mkdirSync(logDir, { recursive: true });
  const logFile = path.join(logDir, `${name}.log`);
  const log = fs.openSync(logFile, "a");
  const child: ChildProcess = spawn(process.execPath, [nextBin, "start", "-p", String(port), "-H", "127.0.0.1"], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", NODE_ENV: "production", ...env },
    stdio: ["ignore", log, log],
    detached: true,
  });
  fs.closeSync(log);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const gone = () => child.exitCode !== null || child.signalCode !== null;
  const deadline = Date.now() + 120_000;
  while (!(await dashboardAnswers(url))) {
    if (gone()) throw new Error(`dashboard ${name} exited with ${child.exitCode ?? child.signalCode}:\n${fs.readFileSync(logFile, "utf8").slice(-2000)}`);
    if (Date.now() > deadline) throw new Error(`dashboard ${name} did not answer on ${url} within 120 s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const pgid = child.pid as number;
  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-pgid, signal);
    } catch {
      // the group is gone already
    }
  };
  return {
    name,
    url,
    port,
    pgid,
    logFile,
    async stop() {
      if (gone()) return;
      signalGroup("SIGTERM");
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      // next-server may outlive `next start`: whatever is left of the group goes.
      signalGroup("SIGKILL");
    },
    async kill() {
      signalGroup("SIGKILL");
      await exited;
    },
  };
}

/** The process group of a process (from /proc), to tell which instance a pid belongs to. */
export function processGroupOf(pid: number): number | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    // "pid (comm) state ppid pgrp ...": comm may hold spaces, so count from the last ')'.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return Number(fields[2]);
  } catch {
    return undefined;
  }
}
