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

  it("draw their cards, floating panels, notices and table frames with components/ui/surface.ts, not by typing the classes again", () => {
    const offenders = files.filter((f) => f !== "components/ui/surface.ts" && /rounded-xl border border-(zinc-200|amber-200|red-200)\b/.test(read(f)));
    expect(offenders).toEqual([]);
  });

  it("draw their buttons with components/ui/button-style.ts (or Button), not by typing a tone's classes again", () => {
    const tone = /bg-zinc-900 [a-z:-]*text-white|bg-red-700|ring-1 ring-(inset )?ring-(zinc|red)-[23]00/;
    const offenders = files.filter((f) => !f.startsWith("components/ui/") && tone.test(read(f)));
    expect(offenders).toEqual([]);
  });

  it("put a table that scrolls sideways in components/ui/scroll-region.tsx, which makes it reachable and named", () => {
    const offenders = files.filter((f) => f !== "components/ui/scroll-region.tsx" && /role="region"/.test(read(f)));
    expect(offenders).toEqual([]);
  });

  it("never import a store, not even its types (the pages and lib hand them what they show)", () => {
    const offenders = files.filter((f) => imports(f).some((i) => i.from.startsWith("@/lib/store")));
    expect(offenders).toEqual([]);
  });

  it("reach lib/reports' server code for types only, through report-views", () => {
    const offenders = files.filter((f) => imports(f).some((i) => i.from.startsWith("@/lib/reports/") && i.from.split("/").includes("server")));
    expect(offenders).toEqual([]);
  });
});

describe("lib/reports", () => {
  it("marks every file of a server/ folder server-only (lib/reports/server, lib/reports/<id>/server)", () => {
    const serverFiles = sources("lib/reports").filter((f) => f.split("/").includes("server"));
    expect(serverFiles).toContain("lib/reports/revenue/server/report.ts");
    const unmarked = serverFiles.filter((f) => !/^import "server-only";/m.test(read(f)));
    expect(unmarked).toEqual([]);
  });

  it("keeps the files at its top free of server code (they run in the browser too)", () => {
    const top = fs.readdirSync(path.join(ROOT, "lib/reports")).filter((n) => /\.ts$/.test(n)).map((n) => `lib/reports/${n}`);
    const offenders = top.filter((f) => /^import "server-only";/m.test(read(f)) || imports(f).some((i) => !i.typeOnly && (i.from.startsWith("@/lib/reports/server") || i.from.startsWith("@/lib/sales-api"))));
    expect(offenders).toEqual([]);
  });
});

describe("report routes (issue #26, point 1)", () => {
  const routes = sources("app").filter((f) => /\/route\.ts$/.test(f));

  it("are the generic ones: one stream, one rows and one export route serve every report module", () => {
    const reportRoutes = routes.filter((f) => f.startsWith("app/api/reports/") || f.startsWith("app/api/export/")).sort();
    expect(reportRoutes).toEqual(["app/api/export/[report]/[[...dataset]]/route.ts", "app/api/reports/[report]/route.ts", "app/api/reports/[report]/rows/[table]/route.ts"]);
  });

  it("never say who may open a report: its module does, once", () => {
    const offenders = routes.filter((f) => /creatorOnly|keyType\s*[!=]==/.test(read(f)));
    expect(offenders).toEqual([]);
  });
});

describe("lib/store (issue #26, point 3)", () => {
  // The storage layer: what every store needs (configuration, the log, the records' shapes and
  // keys, days and instants), and nothing of a feature. The features receive stores.
  const BELOW_THE_STORES = ["@/lib/store/", "@/lib/env", "@/lib/log/", "@/lib/records/", "@/lib/calendar", "@/lib/timestamps", "@/lib/abortable-sleep"];

  it("builds every store: no file outside it picks a back-end", () => {
    const outside = [...sources("app"), ...sources("components"), ...sources("lib")].filter((f) => !f.startsWith("lib/store/"));
    const offenders = outside.filter((f) => imports(f).some((i) => /^@\/lib\/store\/(sqlite-|postgres\/|redis\/|worker-fact-stores|shared-backends)/.test(i.from)));
    expect(offenders).toEqual([]);
  });

  it("imports no feature folder", () => {
    const offenders = sources("lib/store").flatMap((f) => imports(f).filter((i) => i.from.startsWith("@/") && !BELOW_THE_STORES.some((allowed) => i.from.startsWith(allowed))).map((i) => `${f}: ${i.from}`));
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

describe("lib/sales-api's face (issue #26, point 4)", () => {
  const outside = [...sources("app"), ...sources("components"), ...sources("lib")].filter((f) => !f.startsWith("lib/sales-api/"));
  const pastFace = (f: string) => imports(f).some((i) => i.from.startsWith("@/lib/sales-api/"));

  it("the record types the analytics read live in lib/records, which knows nothing of the client", () => {
    expect(fs.existsSync(path.join(ROOT, "lib/sales-api/schemas"))).toBe(false);
    const offenders = sources("lib/records").filter((f) => imports(f).some((i) => i.from.startsWith("@/lib/") || i.from.startsWith("..")));
    expect(offenders).toEqual([]);
  });

  it("lib/analytics takes types only from lib/sales-api", () => {
    const offenders = sources("lib/analytics").filter((f) => imports(f).some((i) => !i.typeOnly && i.from.startsWith("@/lib/sales-api")));
    expect(offenders).toEqual([]);
  });

  it("no other file reaches past lib/sales-api/index.ts", () => {
    expect(outside.filter(pastFace).sort()).toEqual([]);
  });
});

describe("the mirror above the client (issue #25, point 4)", () => {
  const salesApi = sources("lib/sales-api");
  // What the client may take of lib/store: the shared stores of its own work (rate budget, tokens, window locks), never the mirror's.
  const ITS_STORES = ["@/lib/store/process-state", "@/lib/store/rate-limit-store", "@/lib/store/token-store", "@/lib/store/work-lock", "@/lib/store/storage-unavailable"];

  it("lib/sales-api imports neither lib/mirror nor a store of days, records or facts", () => {
    const offenders = salesApi.flatMap((f) => imports(f).filter((i) => i.from.startsWith("@/lib/mirror") || (i.from.startsWith("@/lib/store/") && !ITS_STORES.includes(i.from)) || i.from.startsWith("@/lib/analytics") || i.from.startsWith("@/lib/query")).map((i) => `${f}: ${i.from}`));
    expect(offenders).toEqual([]);
  });

  it("lib/sales-api knows no day store, digest, cache TTL or freshness of its own: it fetches days and hands them over", () => {
    const words = /\b(DayDigester|DigestedDay|getDigests?|digester|DayCacheStore|DayStore|MemoryDayCacheStore|dayCache|CacheTtl|ttlForDay|DEFAULT_CACHE_TTL|MirrorStore|FreshnessPolicy|isFresh|storeOnly|rememberOpened|rangeStamps|openFactPart|peekMany)\b/;
    const offenders = salesApi.filter((f) => words.test(read(f)) || /digest:/.test(read(f)));
    expect(offenders).toEqual([]);
  });

  it("reports and the background sync read through the mirror: nothing outside lib/mirror and lib/auth's sign-in makes a Sales API client", () => {
    const outsideMirror = [...sources("app"), ...sources("components"), ...sources("lib")].filter((f) => !f.startsWith("lib/sales-api/") && !f.startsWith("lib/mirror/"));
    const makers = outsideMirror.filter((f) => /\bcreateSalesApiClient\b/.test(read(f)));
    // Signing in asks the key's type, before there is an account to mirror.
    expect(makers).toEqual(["lib/auth/verify-credential.ts"]);
  });
});
