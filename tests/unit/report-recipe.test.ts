// What a report needs (README, "Adding a report"), checked for every page of the navigation: a
// module in the registry with the page's access, a page, a components folder, a title and a
// navigation label in both languages. A report added to the definitions without one of these
// fails here, naming what is missing.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { REPORT_IDS, REPORT_PAGES } from "@/lib/reports/report-definitions";
import { FILTERED_REPORTS, REPORT_MODULES } from "@/lib/reports/server/report-registry";
import { REPORT_PANELS } from "@/components/reports/report-panels";
import { REPORT_PARAMS } from "@/lib/report-params/schema";
import { z } from "zod";

const ROOT = path.resolve(import.meta.dirname, "../..");
const exists = (file: string) => fs.existsSync(path.join(ROOT, file));
const messages = (language: string, namespace: string) => JSON.parse(fs.readFileSync(path.join(ROOT, "lib/i18n/messages", language, `${namespace}.json`), "utf8")) as Record<string, unknown>;

describe.each(REPORT_PAGES.map((page) => [page.id, page] as const))("the %s report", (id, page) => {
  it("has its module in the registry, with the page's access, path and label", () => {
    const found = REPORT_MODULES.find((m) => m.id === id);
    expect(found, `lib/reports/${id}/server/report.ts in REPORT_MODULES`).toBeDefined();
    expect({ creatorOnly: found!.creatorOnly, path: found!.path, label: found!.label }).toEqual({ creatorOnly: page.creatorOnly, path: page.path, label: page.label });
    expect(exists(`lib/reports/${id}/server/report.ts`)).toBe(true);
  });

  it("accepts a request that is the shared report parameters' schema, extended by its own", () => {
    const request = REPORT_MODULES.find((m) => m.id === id)!.request;
    expect(request, `lib/reports/${id}: request`).toBeInstanceOf(z.ZodObject);
    const shape = (request as unknown as z.ZodObject).shape;
    for (const [name, schema] of Object.entries(REPORT_PARAMS.shape)) expect(shape[name], `${id}: request.${name}`).toBe(schema);
  });

  it("has a page, a components folder, and a title and a navigation label in English and Portuguese", () => {
    expect(exists(`app/(dashboard)/${id}/page.tsx`), `app/(dashboard)/${id}/page.tsx`).toBe(true);
    expect(fs.readFileSync(path.join(ROOT, `app/(dashboard)/${id}/page.tsx`), "utf8")).toContain(`reportMetadata("${id}")`);
    expect(exists(`components/reports/${id}`), `components/reports/${id}/`).toBe(true);
    for (const language of ["en", "pt-BR"]) {
      expect(typeof messages(language, id).title, `${language}/${id}.json "title"`).toBe("string");
      expect(typeof (messages(language, "shell").nav as Record<string, unknown>)[id], `${language}/shell.json nav.${id}`).toBe("string");
    }
  });
});

it("every report of a range and filters has its builder and share keep-list, and each table's records are one of its files", () => {
  for (const id of REPORT_IDS) {
    const report = FILTERED_REPORTS[id];
    expect(report.id).toBe(id);
    expect(Object.keys(report.share.keep).length).toBeGreaterThan(0);
    // A view of it can be saved, keeping its tables' state.
    expect(report.savedView?.tables.length, `${id}: savedView`).toBeGreaterThan(0);
    for (const table of Object.keys(report.tables ?? {})) expect(report.exports?.names.has(table), `${id}: a file named ${table}`).toBe(true);
  }
  expect(REPORT_MODULES.map((m) => m.id)).toEqual(REPORT_PAGES.map((p) => p.id));
});

it("every report of a range and filters has its panels in the browser's registry, which its screen and its share links draw", async () => {
  // The loaders are what the screen and the shared page import: each answers the report's own panels.
  expect(Object.keys(REPORT_PANELS).sort()).toEqual([...REPORT_IDS].sort());
  for (const id of REPORT_IDS) {
    const Panels = await REPORT_PANELS[id]();
    expect(typeof Panels, id).toBe("function");
    expect(Panels.name.toLowerCase(), id).toBe(`${id}panels`);
  }
  const reads = (file: string) => fs.readFileSync(path.join(ROOT, file), "utf8");
  expect(reads("components/reports/report-screen.tsx")).toContain("lazyPanels(id)");
  // Each screen is a declaration of what sets it apart (report-screen-spec.tsx), of its own id.
  for (const id of REPORT_IDS) expect(reads(`components/reports/${id}/${id}-screen.tsx`), id).toContain(`("${id}", {`);
  expect(reads("components/sharing/shared-panels.tsx")).toContain("REPORT_PANELS");
});
