// Whether the production build in .next was made from the source as it is now: the demo then
// starts it instead of building again (minutes on a small machine). The fingerprint hashes
// every file the build reads (paths and contents), the lockfile and Next's own version; it is
// written beside the build only once the build succeeded.
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";

/** What `next build` reads: the app's folders and its configuration files. */
export const BUILD_INPUTS = [
  "app", "components", "lib", "public", "instrumentation.ts", "middleware.ts", "proxy.ts", "next.config.ts",
  "tsconfig.json", "postcss.config.mjs", "tailwind.config.ts", "package.json", "package-lock.json",
];

const STAMP = "salesdash-source.sha256";

function filesUnder(root: string, entry: string, out: string[]): void {
  const path = join(root, entry);
  if (!existsSync(path)) return;
  if (statSync(path).isDirectory()) {
    for (const name of readdirSync(path).sort()) filesUnder(root, join(entry, name), out);
  } else out.push(entry);
}

export function sourceFingerprint(root: string, inputs: readonly string[] = BUILD_INPUTS): string {
  const hash = createHash("sha256");
  const files: string[] = [];
  for (const input of inputs) filesUnder(root, input, files);
  for (const file of files) {
    hash.update(`${relative(root, join(root, file))}\0`);
    hash.update(readFileSync(join(root, file)));
    hash.update("\0");
  }
  return hash.digest("hex");
}

/** True when `.next` holds a finished build of exactly this source. */
export function buildIsCurrent(root: string, fingerprint: string): boolean {
  const stamp = join(root, ".next", STAMP);
  return existsSync(join(root, ".next", "BUILD_ID")) && existsSync(stamp) && readFileSync(stamp, "utf8").trim() === fingerprint;
}

export function markBuild(root: string, fingerprint: string): void {
  writeFileSync(join(root, ".next", STAMP), `${fingerprint}\n`);
}
