// The demo reuses a build only when it was made from the same source: any change to a file the
// build reads (or a new one) asks for a new build; a finished build is recognised.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { buildIsCurrent, markBuild, sourceFingerprint } from "../../scripts/demo/build-fingerprint";

let root = "";
afterEach(() => rmSync(root, { recursive: true, force: true }));

function project(): string {
  root = mkdtempSync(join(tmpdir(), "fingerprint-"));
  mkdirSync(join(root, "app"));
  writeFileSync(join(root, "app", "page.tsx"), "export default 1;");
  writeFileSync(join(root, "package-lock.json"), "{}");
  return root;
}

describe("sourceFingerprint and buildIsCurrent", () => {
  it("is stable for the same source and changes with a file's content, a new file or the lockfile", () => {
    const dir = project();
    const first = sourceFingerprint(dir);
    expect(sourceFingerprint(dir)).toBe(first);
    writeFileSync(join(dir, "app", "page.tsx"), "export default 2;");
    const edited = sourceFingerprint(dir);
    expect(edited).not.toBe(first);
    writeFileSync(join(dir, "app", "other.tsx"), "");
    const added = sourceFingerprint(dir);
    expect(added).not.toBe(edited);
    writeFileSync(join(dir, "package-lock.json"), '{"x":1}');
    expect(sourceFingerprint(dir)).not.toBe(added);
  });

  it("takes a build as current only once it finished and was stamped with this source", () => {
    const dir = project();
    const print = sourceFingerprint(dir);
    mkdirSync(join(dir, ".next"));
    expect(buildIsCurrent(dir, print)).toBe(false);
    markBuild(dir, print);
    expect(buildIsCurrent(dir, print)).toBe(false); // no BUILD_ID: the build did not finish
    writeFileSync(join(dir, ".next", "BUILD_ID"), "abc");
    expect(buildIsCurrent(dir, print)).toBe(true);
    writeFileSync(join(dir, "app", "page.tsx"), "changed");
    expect(buildIsCurrent(dir, sourceFingerprint(dir))).toBe(false);
  });
});
