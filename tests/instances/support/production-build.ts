// The production build the instances start from: the one `npm run test:e2e` made (`next build`
// with an empty environment), or, when there is none, one made here the same way. Nothing that
// configures the dashboard (SALES_API_*, AUTH_SECRET, NEXTAUTH_URL, SALESDASH_*) reaches the build.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "../../..");
const BUILD_ENV_KEEP = ["PATH", "HOME", "TMPDIR", "LANG", "TERM"];

export const nextBin = createRequire(import.meta.url).resolve("next/dist/bin/next");

/**
 * Turbopack resolves packages only inside the project's root, so a checkout whose node_modules
 * is a symlink to a shared install elsewhere (several worktrees on one install) builds with
 * webpack instead; the server `next start` runs is the same either way.
 */
function bundlerArgs(): string[] {
  const modules = path.join(ROOT, "node_modules");
  if (!fs.lstatSync(modules, { throwIfNoEntry: false })?.isSymbolicLink()) return [];
  const target = fs.realpathSync(modules);
  return path.relative(ROOT, target).startsWith("..") ? ["--webpack"] : [];
}

/** The newest modification time of the code a build is made from (a checkout touches what it changes). */
function newestSourceMs(): number {
  let newest = 0;
  const visit = (file: string): void => {
    const stat = fs.statSync(file, { throwIfNoEntry: false });
    if (!stat) return;
    if (stat.isDirectory()) for (const name of fs.readdirSync(file)) visit(path.join(file, name));
    else newest = Math.max(newest, stat.mtimeMs);
  };
  for (const name of ["app", "components", "lib", "instrumentation.ts", "proxy.ts", "next.config.ts", "package-lock.json"]) visit(path.join(ROOT, name));
  return newest;
}

export function ensureProductionBuild(): void {
  const buildId = path.join(ROOT, ".next/BUILD_ID");
  const built = fs.statSync(buildId, { throwIfNoEntry: false });
  // Not rebuilt while it is newer than the code: `npm run test:e2e` (before this in `npm test`)
  // builds afresh each run. An older build is made again: the fact stores' worker threads load
  // their modules from the working tree, and a build of other code beside them fails (a bench's
  // worktree checked out at another commit did).
  if (built && built.mtimeMs >= newestSourceMs()) {
    console.log(`[instances] the production build in .next, made ${built.mtime.toISOString()}`);
    return;
  }
  const env: Record<string, string> = { NEXT_TELEMETRY_DISABLED: "1" };
  for (const name of BUILD_ENV_KEEP) if (process.env[name] !== undefined) env[name] = process.env[name] as string;
  const args = [nextBin, "build", ...bundlerArgs()];
  console.log(`[instances] ${built ? "the production build in .next is older than the code" : "no production build"}: next ${args.slice(1).join(" ")} with an empty environment`);
  const made = spawnSync(process.execPath, args, { cwd: ROOT, env: env as NodeJS.ProcessEnv, stdio: "inherit" });
  if (made.status !== 0) throw new Error(`next build failed (exit ${made.status ?? made.signal})`);
}
