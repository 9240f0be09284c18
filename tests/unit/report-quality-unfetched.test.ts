// Days a report could not fetch before its deadline: carried by the quality summary and said
// plainly by the banner, as runs of days.
import { NextIntlClientProvider } from "next-intl";
import { createElement, type FunctionComponent, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { QualityBanner } from "@/components/reports/quality-banner";
import { MESSAGES } from "@/lib/i18n/messages";
import { dayRuns, reportQuality } from "@/lib/reports/report-quality";
import type { RangeReport } from "@/lib/mirror/range-types";

const report = (unfetchedDays: string[]): RangeReport => ({
  resource: "purchases", from: "2026-01-01", to: "2026-01-31", windows: [], requests: 0, retries: 0, tokenExchanges: 0, cacheHits: 0,
  incompleteDays: [], invalidRecords: [], oddShapeRecords: 0, unfetchedDays, complete: unfetchedDays.length === 0, fetchedAt: [],
});

// Its children passed as createElement's argument, not as a prop.
const Provider = NextIntlClientProvider as FunctionComponent<{ locale: string; messages: object; timeZone: string; children?: ReactNode }>;

describe("unfetched days", () => {
  it("are grouped into runs of consecutive days", () => {
    expect(dayRuns(["2026-01-03", "2026-01-01", "2026-01-02", "2026-01-05", "2026-02-28", "2026-03-01"])).toEqual([
      { from: "2026-01-01", to: "2026-01-03" },
      { from: "2026-01-05", to: "2026-01-05" },
      { from: "2026-02-28", to: "2026-03-01" },
    ]);
  });

  it("make the report incomplete, and the banner names them", () => {
    const quality = reportQuality({ current: [report(["2026-01-01", "2026-01-02"]), report(["2026-01-02", "2026-01-03", "2026-01-10"])] });
    expect(quality).toMatchObject({ complete: false, unfetchedDays: ["2026-01-01", "2026-01-02", "2026-01-03", "2026-01-10"] });
    // The banner speaks through next-intl: rendered in English, and in Portuguese with its days.
    const banner = (locale: "en" | "pt-BR") => renderToStaticMarkup(createElement(Provider, { locale, messages: MESSAGES[locale], timeZone: "UTC" }, createElement(QualityBanner, { quality })));
    const html = banner("en");
    expect(html).toContain("These totals are incomplete.");
    expect(html).toContain("Figures for Jan 1, 2026 – Jan 3, 2026; Jan 10, 2026 are missing: the Sales API did not answer in time.");
    expect(banner("pt-BR")).toContain("Faltam os números de 1 de jan. de 2026 – 3 de jan. de 2026; 10 de jan. de 2026: a Sales API não respondeu a tempo.");
  });

  it("say the Sales API could not be reached when it was down, and that the other days come from the synced data (issue #24)", () => {
    const quality = reportQuality({ current: [{ ...report(["2026-01-30", "2026-01-31"]), unreachable: true }, report([])] });
    expect(quality).toMatchObject({ complete: false, unreachable: true });
    const html = (locale: "en" | "pt-BR") => renderToStaticMarkup(createElement(Provider, { locale, messages: MESSAGES[locale], timeZone: "UTC" }, createElement(QualityBanner, { quality })));
    expect(html("en")).toContain("Figures for Jan 30, 2026 – Jan 31, 2026 are missing: the Sales API could not be reached; the other days are shown from your synced data.");
    expect(html("pt-BR")).toContain("Faltam os números de 30 de jan. de 2026 – 31 de jan. de 2026: não foi possível alcançar a Sales API; os outros dias vêm dos seus dados sincronizados.");
  });
});
