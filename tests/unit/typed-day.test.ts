import { describe, expect, it } from "vitest";
import { formatDayInLocale, formatStampInLocale } from "@/lib/format";
import { formatInstantInLocale } from "@/lib/format-instant";
import { parseTypedDay } from "@/lib/typed-day";

describe("a day as each language writes it", () => {
  it.each([
    ["2024-11-26", "en-US", "Nov 26, 2024"],
    ["2024-11-26", "pt-BR", "26 de nov. de 2024"],
    ["2026-03-01", "pt-BR", "1 de mar. de 2026"],
  ])("spells a day one way per language, the month in words: %s in %s is %j", (day, locale, expected) => {
    expect(formatDayInLocale(day, locale)).toBe(expected);
  });

  it("writes a table's time with the same day and a 24-hour clock", () => {
    expect(formatStampInLocale("2024-11-26 14:05", "en-US")).toBe("Nov 26, 2024, 14:05");
    expect(formatStampInLocale("2024-11-26 09:30 UTC", "pt-BR")).toBe("26 de nov. de 2024, 09:30 UTC");
    expect(formatStampInLocale("not a time", "en-US")).toBe("not a time");
    expect(formatInstantInLocale(Date.UTC(2024, 10, 26, 23, 5), "en-US")).toBe("Nov 26, 2024, 23:05 UTC");
    expect(formatInstantInLocale("2024-11-26T23:05:00Z", "pt-BR", "America/Sao_Paulo")).toBe("26 de nov. de 2024, 20:05 (America/Sao_Paulo)");
  });
});

describe("a typed day", () => {
  it("reads back what the field shows, in both languages", () => {
    for (const day of ["2024-11-26", "2026-01-05", "2025-02-28", "2024-02-29", "2026-05-31", "2026-09-09"]) {
      expect(parseTypedDay(formatDayInLocale(day, "en-US"), "en-US")).toBe(day);
      expect(parseTypedDay(formatDayInLocale(day, "pt-BR"), "pt-BR")).toBe(day);
    }
  });

  const NUMERIC_ORDER = "reads the numeric order of the reader's language: month first in English, day first in Portuguese";
  const ISO = "reads ISO days in both languages (pasted from a URL or a CSV)";
  const MONTH_IN_WORDS = "reads the month in words, whole or shortened, with or without accents and dots";

  it.each([
    [NUMERIC_ORDER, "11/26/2024", "en-US", "2024-11-26"],
    [NUMERIC_ORDER, "3/4/2026", "en-US", "2026-03-04"],
    [NUMERIC_ORDER, "26/11/2024", "pt-BR", "2024-11-26"],
    [NUMERIC_ORDER, "3/4/2026", "pt-BR", "2026-04-03"],
    [NUMERIC_ORDER, "26.11.2024", "pt-BR", "2024-11-26"],
    [NUMERIC_ORDER, "26/11/2024", "en-US", null],
    [NUMERIC_ORDER, "11/26/2024", "pt-BR", null],
    [ISO, "2024-11-26", "en-US", "2024-11-26"],
    [ISO, " 2024-11-26 ", "pt-BR", "2024-11-26"],
    [MONTH_IN_WORDS, "November 26 2024", "en-US", "2024-11-26"],
    [MONTH_IN_WORDS, "26 nov 2024", "en-US", "2024-11-26"],
    [MONTH_IN_WORDS, "sept 9, 2026", "en-US", "2026-09-09"],
    [MONTH_IN_WORDS, "26 de novembro de 2024", "pt-BR", "2024-11-26"],
    [MONTH_IN_WORDS, "1 de março de 2026", "pt-BR", "2026-03-01"],
    [MONTH_IN_WORDS, "1 de marco de 2026", "pt-BR", "2026-03-01"],
    [MONTH_IN_WORDS, "9 set 2026", "pt-BR", "2026-09-09"],
    [MONTH_IN_WORDS, "5 fev. 2026", "pt-BR", "2026-02-05"],
  ])("%s: %j in %s is %s", (_what, text, locale, expected) => {
    expect(parseTypedDay(text, locale)).toBe(expected);
  });

  it("refuses days that do not exist and text that is not one day", () => {
    for (const text of ["", "2026-02-30", "2/30/2026", "Feb 30, 2026", "Nov 2024", "Nov 26", "11/26/24", "ma 3 2026", "Nov Dec 3 2026", "26 nov 2024 10", "tomorrow"]) {
      expect(parseTypedDay(text, "en-US"), text).toBeNull();
    }
    for (const text of ["30/02/2026", "31 de abr. de 2026", "ju 3 2026", "26 de nov."]) {
      expect(parseTypedDay(text, "pt-BR"), text).toBeNull();
    }
  });
});
