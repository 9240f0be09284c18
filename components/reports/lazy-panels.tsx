"use client";

import dynamic from "next/dynamic";
import { createContext, useContext, useEffect, useLayoutEffect, type ComponentType } from "react";
import type { ReportId } from "@/lib/reports/report-definitions";
import type { ReportPanelsProps } from "./panel-links";
import { REPORT_PANELS, type PanelsLoader } from "./report-panels";

// A report's panels (key figures, tables, the charts' frames) are a chunk of their own, out of
// the page's first load (docs/benchmarks.md, "First-load JavaScript"). They draw nothing before
// the report's data arrives, which is fetched in the browser, so the screen starts loading them
// when it mounts, alongside that data, not when the data is there.

/**
 * Told +1 while a report's panels wait for their code and -1 once they are drawn: the report
 * frame is "current" only when its figures are on screen, not while their place is empty.
 */
export const PanelsLoading = createContext<((delta: 1 | -1) => void) | null>(null);

/** The panels' place while their code arrives after the data (on a slow connection only). */
export function PanelsPlaceholder() {
  const told = useContext(PanelsLoading);
  // Before paint: the frame never shows "current" over an empty place, not even for one frame.
  useLayoutEffect(() => {
    told?.(1);
    return () => told?.(-1);
  }, [told]);
  return <div className="min-h-[60vh]" aria-busy="true" data-testid="panels-placeholder" />;
}

/**
 * A report's panels out of the first load, and the download its screen starts on mounting. The
 * view they take is typed `never`: what arrives is the report's JSON, whose type the screen
 * asserts anyway, and the registry pairs each report with its own panels.
 */
export interface LazyPanels {
  Panels: ComponentType<ReportPanelsProps<never>>;
  preload: PanelsLoader;
}

const made = new Map<ReportId, LazyPanels>();

/**
 * The report's panels from the registry (components/reports/report-panels.ts), made once per
 * report: next/dynamic's component must be the same on every render. With ssr false no server
 * preload is lost by passing the import in a variable.
 */
export function lazyPanels(id: ReportId): LazyPanels {
  let panels = made.get(id);
  if (!panels) {
    const load = REPORT_PANELS[id];
    panels = { Panels: dynamic(load, { ssr: false, loading: PanelsPlaceholder }), preload: load };
    made.set(id, panels);
  }
  return panels;
}

/** Starts a lazy import when the component mounts; next/dynamic then reuses the same download. */
export function usePreload(load: () => Promise<unknown>): void {
  useEffect(() => {
    load().catch(() => undefined); // a failed download is retried, and shown, by next/dynamic
  }, [load]);
}
