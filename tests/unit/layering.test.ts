// The architecture's rules, checked on the source (issue #13, "Layering"): components never
// talk to the upstream client nor read the session; lib/reports says in its folders where
// each file runs; one calendar module; no exported type name defined twice.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");

function sources(dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sources(rel));
    else if (/\.tsx?$/.test(entry.name)) out.push(rel);
  }
  return out;
}

const read = (file: string) => fs.readFileSync(path.join(ROOT, file), "utf8");
const imports = (file: string) => [...read(file).matchAll(/^\s*(import|export)\s+(type\s+)?[^;]*?from\s+"([^"]+)"/gm)].map((m) => ({ typeOnly: Boolean(m[2]), from: m[3]! }));

describe("components", () => {
  const files = sources("components");

  it("never import the upstream client", () => {
    const offenders = files.filter((f) => imports(f).some((i) => i.from.startsWith("@/lib/sales-api")));
    expect(offenders).toEqual([]);
  });

  it("never read the session (the pages and layouts pass what they need)", () => {
    const offenders = files.filter((f) => imports(f).some((i) => !i.typeOnly && (i.from === "@/lib/auth/session" || i.from === "@/lib/auth/session-settings")));
    expect(offenders).toEqual([]);
  });

  it("reach lib/reports' server code for types only, through report-views", () => {
    const offenders = files.filter((f) => imports(f).some((i) => i.from.startsWith("@/lib/reports/server")));
    expect(offenders).toEqual([]);
  });
});

describe("lib/reports", () => {
  it("marks every file of server/ server-only", () => {
    const unmarked = sources("lib/reports/server").filter((f) => !/^import "server-only";/m.test(read(f)));
    expect(unmarked).toEqual([]);
  });

  it("keeps the files at its top free of server code (they run in the browser too)", () => {
    const top = fs.readdirSync(path.join(ROOT, "lib/reports")).filter((n) => /\.ts$/.test(n)).map((n) => `lib/reports/${n}`);
    const offenders = top.filter((f) => /^import "server-only";/m.test(read(f)) || imports(f).some((i) => !i.typeOnly && (i.from.startsWith("@/lib/reports/server") || i.from.startsWith("@/lib/sales-api"))));
    expect(offenders).toEqual([]);
  });
});

describe("one of each", () => {
  const lib = [...sources("lib"), ...sources("components"), ...sources("app")];

  it("calendar module: day arithmetic is defined in lib/calendar.ts only", () => {
    const defining = lib.filter((f) => /^export (function|const) (daysBetween|shiftDay|parseIsoDay|parseDay|formatDay)\b/m.test(read(f)));
    expect(defining).toEqual(["lib/calendar.ts"]);
  });

  it("exported type name", () => {
    const seen = new Map<string, string[]>();
    for (const f of lib) {
      for (const m of read(f).matchAll(/^export (?:interface|type|class|enum) ([A-Za-z0-9_]+)/gm)) seen.set(m[1]!, [...(seen.get(m[1]!) ?? []), f]);
    }
    expect([...seen].filter(([, files]) => files.length > 1)).toEqual([]);
  });
});
