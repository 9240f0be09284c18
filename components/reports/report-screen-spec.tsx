"use client";

import { useTranslations } from "next-intl";
import type { KeyType } from "@/lib/auth/session-decision";
import type { FilterKey, ReportParams } from "@/lib/report-params/definitions";
import type { ReportId } from "@/lib/reports/report-definitions";
import { ReportScreen, type FramedView, type ReportScreenProps } from "./report-screen";

/** A report's own words: its messages' namespace, whose keys the compiler checks. */
export type ReportWords<N extends ReportId> = ReturnType<typeof useTranslations<N>>;

/**
 * What sets one report's screen apart from the others; the rest (header, controls, files,
 * panels from components/reports/report-panels.ts) is ReportScreen's, the same for every report.
 */
export interface ScreenSpec<V extends FramedView, N extends ReportId> {
  /** The heading, for the session's key type. */
  title: (t: ReportWords<N>, keyType: KeyType) => string;
  /** How the report places records in time, after the range: "by checkout start". */
  basis: (t: ReportWords<N>, params: ReportParams) => string;
  choices: ReportScreenProps<V>["choices"];
  /** The filters the controls leave out for the key type. */
  hiddenFilters?: (keyType: KeyType) => FilterKey[];
  /** Beside "Download all", the one file the header offers on its own, and its words. */
  file?: (t: ReportWords<N>) => { name: string; label: string };
  /** The files that hold the comparison period's figures, in words, for the note on incomplete files. */
  comparisonFiles?: (t: ReportWords<N>) => string;
}

/** A report's screen, as its page renders it with the session's key type. */
export function reportScreen<V extends FramedView, N extends ReportId>(id: N, spec: ScreenSpec<V, N>) {
  function Screen({ keyType }: { keyType: KeyType }) {
    const t = useTranslations(id);
    return (
      <ReportScreen<V>
        id={id}
        title={spec.title(t, keyType)}
        basis={(params) => spec.basis(t, params)}
        choices={spec.choices}
        hiddenFilters={spec.hiddenFilters?.(keyType)}
        file={spec.file?.(t)}
        comparisonFiles={spec.comparisonFiles?.(t)}
        keyType={keyType}
      />
    );
  }
  Screen.displayName = `ReportScreen(${id})`;
  return Screen;
}
