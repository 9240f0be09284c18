// Child processes in their own process group, so stopping one also stops what
// it spawned (`next start` leaves `next-server` behind otherwise).
import { spawn, type ChildProcess } from "node:child_process";
import { createInterface } from "node:readline";

export type GroupProcess = { name: string; child: ChildProcess; exited: Promise<number | null> };

export function spawnGroup(
  name: string,
  command: string,
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; color: string },
): GroupProcess {
  const child = spawn(command, args, { cwd: options.cwd, env: options.env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  const tag = `${options.color}[${name}]\x1b[0m `;
  for (const stream of [child.stdout, child.stderr]) {
    if (!stream) continue;
    createInterface({ input: stream }).on("line", (line) => {
      if (!line.startsWith("npm warn Unknown user config")) process.stdout.write(tag + line + "\n");
    });
  }
  const exited = new Promise<number | null>((resolve) => {
    child.once("error", (error) => {
      process.stderr.write(`${tag}failed to start: ${error.message}\n`);
      resolve(-1);
    });
    child.once("exit", (code, signal) => resolve(code ?? (signal ? 128 : null)));
  });
  return { name, child, exited };
}

function signalGroup(pid: number, signal: NodeJS.Signals): boolean {
  try {
    process.kill(-pid, signal);
    return true;
  } catch {
    return false; // already gone
  }
}

/** SIGTERM the whole group, then SIGKILL whatever is left after a grace period. */
export async function stopGroup(group: GroupProcess, graceMs = 5_000): Promise<void> {
  const pid = group.child.pid;
  if (pid === undefined) return;
  if (!signalGroup(pid, "SIGTERM")) return;
  const timer = new Promise<"timeout">((resolve) => setTimeout(() => resolve("timeout"), graceMs).unref());
  if ((await Promise.race([group.exited, timer])) === "timeout") signalGroup(pid, "SIGKILL");
  // The leader may be gone while grandchildren linger: make sure the group is empty.
  signalGroup(pid, "SIGKILL");
}
