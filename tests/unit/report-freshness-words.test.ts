// Issue #14: "Data as of …" in the reader's language: the parts of a fetch time, worded by the
// messages, read in English as formatAsOf writes them.
import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import { MESSAGES } from "@/lib/i18n/messages";
import { asOfParts, formatAsOf } from "@/lib/reports/data-freshness";

const at = (iso: string) => Date.parse(iso);
const NOW = at("2026-06-15T12:00:00Z");
type Words = (key: string, values?: Record<string, string>) => string;
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
});
