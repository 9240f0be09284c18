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

export function ensureProductionBuild(): void {
  const buildId = path.join(ROOT, ".next/BUILD_ID");
  if (fs.existsSync(buildId)) {
    // Not rebuilt here: `npm run test:e2e` (before this in `npm test`) builds afresh each run.
    console.log(`[instances] the production build in .next, made ${fs.statSync(buildId).mtime.toISOString()}`);
    return;
  }
  const env: Record<string, string> = { NEXT_TELEMETRY_DISABLED: "1" };
  for (const name of BUILD_ENV_KEEP) if (process.env[name] !== undefined) env[name] = process.env[name] as string;
  const args = [nextBin, "build", ...bundlerArgs()];
  console.log(`[instances] no production build: next ${args.slice(1).join(" ")} with an empty environment`);
  const built = spawnSync(process.execPath, args, { cwd: ROOT, env: env as NodeJS.ProcessEnv, stdio: "inherit" });
  if (built.status !== 0) throw new Error(`next build failed (exit ${built.status ?? built.signal})`);
}
