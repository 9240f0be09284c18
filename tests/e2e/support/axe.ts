// axe-core's serious and critical violations of a page, worded for a test failure. axe is
// injected as a script tag: a spec using it sets `test.use({ bypassCSP: true })`, because the
// dashboard's CSP (rightly) refuses inline scripts.
import { createRequire } from "node:module";
import type { Page } from "@playwright/test";

const AXE_PATH = createRequire(import.meta.url).resolve("axe-core/axe.min.js");

interface AxeNode { target: string[]; failureSummary?: string }
interface AxeViolation { id: string; impact: string | null; help: string; nodes: AxeNode[] }

export async function seriousViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.addScriptTag({ path: AXE_PATH });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: unknown[] }> } }).axe;
    return (await axe.run(document, { resultTypes: ["violations"] })).violations;
  }) as AxeViolation[];
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}, ${v.nodes.length} nodes): ${v.help}\n  ${v.nodes.slice(0, 5).map((n) => `${n.target.join(" ")} — ${(n.failureSummary ?? "").replace(/\s+/g, " ")}`).join("\n  ")}`);
}
