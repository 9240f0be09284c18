// Issue #14: "Data as of …" in the reader's language: the parts of a fetch time, worded by the
// messages, read in English as formatAsOf writes them.
import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import { MESSAGES } from "@/lib/i18n/messages";
import { asOfParts, formatAsOf, staleSentence, type StaleDays } from "@/lib/reports/data-freshness";

const at = (iso: string) => Date.parse(iso);
const NOW = at("2026-06-15T12:00:00Z");
type Words = (key: string, values?: Record<string, string | number>) => string;
const words = (locale: "en" | "pt-BR") => createTranslator({ locale, messages: MESSAGES[locale], namespace: "report.freshness" }) as unknown as Words;

describe("fetch times in words", () => {
  const times = [at("2026-06-15T12:04:00Z"), at("2026-06-14T09:10:00Z"), at("2026-05-22T09:10:00Z"), at("2025-11-22T09:10:00Z")];

  it("reads in English as formatAsOf writes it", () => {
    for (const ms of times) expect(words("en")("asOf", { ...asOfParts(ms, NOW, "UTC") })).toBe(formatAsOf(ms, NOW, "UTC"));
  });

  it("reads in Portuguese with Brazilian dates", () => {
    const pt = (ms: number) => words("pt-BR")("asOf", { ...asOfParts(ms, NOW, "UTC", "pt-BR") });
    expect(times.map(pt)).toEqual(["12:04", "ontem, 09:10", "22 de mai., 09:10", "22 de nov. de 2025, 09:10"]);
    expect(words("pt-BR")("dataAsOf", { asOf: "12:04" })).toBe("Dados de 12:04");
  });

  // Issue 24, point 5: which days are older than what, in both languages.
  it("says which days were last read longer ago than what, in English as staleSentence and in Portuguese", () => {
    const three: StaleDays = { count: 3, mark: "day", days: ["2026-03-01", "2026-03-02", "2026-03-05"] };
    const values = (stale: StaleDays) => ({ count: stale.count, mark: stale.mark, days: stale.days.join(", "), more: stale.count - stale.days.length });
    expect(words("en")("staleDays", values(three))).toBe(`${staleSentence(three)}.`);
    expect(words("en")("staleDays", values(three))).toBe("3 days last read more than 24 h ago: 2026-03-01, 2026-03-02, 2026-03-05.");
    const many: StaleDays = { count: 8, mark: "week", days: ["2026-03-01", "2026-03-02", "2026-03-03", "2026-03-04", "2026-03-05"] };
    expect(words("en")("staleDays", values(many))).toBe(`${staleSentence(many)}.`);
    expect(words("pt-BR")("staleDays", values(three))).toBe("3 dias lidos pela última vez há mais de 24 h: 2026-03-01, 2026-03-02, 2026-03-05.");
    expect(words("pt-BR")("staleDays", { ...values(many), mark: "hour" })).toBe("8 dias lidos pela última vez há mais de 1 h: 2026-03-01, 2026-03-02, 2026-03-03, 2026-03-04, 2026-03-05 e mais 3.");
    expect(words("pt-BR")("staleDays", { count: 1, mark: "week", days: "2026-03-01", more: 0 })).toBe("1 dia lido pela última vez há mais de 7 dias: 2026-03-01.");
  });
});
