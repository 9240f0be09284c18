import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { PUBLIC_ROUTES, SHARED_ROUTE, SIGNED_IN_ROUTES } from "@/scripts/bench-bundle";

// `npm run bench:bundle` measured six routes of twelve pages (issue #24, point 27): every page
// of the app is now measured, and a page added later fails here until the bench measures it.
const APP = path.join(import.meta.dirname, "../../app");

/** The address of every app/**∕page.tsx: route groups dropped, `[param]` written `<param>`. */
function pageRoutes(dir = APP, segments: string[] = []): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isFile()) return entry.name === "page.tsx" ? ["/" + segments.join("/")] : [];
    if (!entry.isDirectory() || entry.name === "api") return [];
    const segment = /^\(.*\)$/.test(entry.name) ? null : entry.name.replace(/^\[(\w+)\]$/, "<$1>");
    return pageRoutes(path.join(dir, entry.name), segment ? [...segments, segment] : segments);
  });
}

describe("bench:bundle routes", () => {
  it("measures every page of the app", () => {
    const measured = [...PUBLIC_ROUTES, ...SIGNED_IN_ROUTES, SHARED_ROUTE];
    expect(new Set(measured).size).toBe(measured.length);
    expect([...measured].sort()).toEqual(pageRoutes().sort());
  });
});
