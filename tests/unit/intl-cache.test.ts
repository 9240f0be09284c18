import { afterEach, describe, expect, it } from "vitest";
import { formatDayInLocale, formatInZone, localeFormats } from "@/lib/format";
import { bucketLabel } from "@/lib/i18n/bucket-labels";

// A two-year chart formats thousands of values: building an Intl formatter per value held the
// browser's main thread for over 100 ms (docs/benchmarks.md, "Long tasks"). Each formatter is
// built once per locale and options, and the text stays what a new formatter writes.
const ORIGINAL = { NumberFormat: Intl.NumberFormat, DateTimeFormat: Intl.DateTimeFormat };
afterEach(() => Object.assign(Intl, ORIGINAL));

/** Counts the formatters built from now on (a subclass: what it builds formats as usual). */
function countBuilt(name: "NumberFormat" | "DateTimeFormat"): { count: number } {
  const counter = { count: 0 };
  const Base = ORIGINAL[name] as unknown as new (...args: unknown[]) => object;
  Object.assign(Intl, {
    [name]: class extends Base {
      constructor(...args: unknown[]) {
        super(...args);
        counter.count++;
      }
    },
  });
  return counter;
}

const days = Array.from({ length: 730 }, (_, i) => new Date(Date.UTC(2024, 5, 16 + i)).toISOString().slice(0, 10));

describe("formatters are built once and reused", () => {
  it("money, numbers, percentages and compact money: a few NumberFormats for 730 values each", () => {
    const built = countBuilt("NumberFormat");
    for (const locale of ["en-US", "pt-BR"]) {
      const f = localeFormats(locale);
      for (let i = 0; i < days.length; i++) {
        const amount = i * 37.25;
        expect(f.money(amount, "brl")).toBe(formatFresh(locale, { style: "currency", currency: "BRL" }, amount));
        f.compactMoney(amount, "usd");
        f.number(i);
        f.percent(i / 730);
      }
    }
    // 730 × 4 values in each of two locales: one formatter per (locale, options) at most.
    expect(built.count).toBeLessThanOrEqual(8);
  });

  it("days, chart buckets and zoned timestamps: a few DateTimeFormats for 730 days", () => {
    const built = countBuilt("DateTimeFormat");
    for (const locale of ["en-US", "pt-BR"]) {
      for (const day of days) {
        formatDayInLocale(day, locale);
        bucketLabel(day.slice(0, 7), locale);
        bucketLabel(`${day}T14:00-03:00`, locale);
        formatInZone(`${day}T12:00:00Z`, "America/Sao_Paulo");
      }
    }
    expect(built.count).toBeLessThanOrEqual(7);
  });

  it("writes what a formatter built for the value writes", () => {
    for (const locale of ["en-US", "pt-BR"]) {
      for (const day of days.slice(0, 40)) {
        expect(formatDayInLocale(day, locale)).toBe(new Intl.DateTimeFormat(locale, { timeZone: "UTC", dateStyle: "medium" }).format(Date.parse(`${day}T00:00:00Z`)));
        expect(bucketLabel(day.slice(0, 7), locale)).toBe(new Intl.DateTimeFormat(locale, { timeZone: "UTC", month: "short", year: "numeric" }).format(Date.parse(`${day.slice(0, 7)}-01T00:00:00Z`)));
      }
      expect(localeFormats(locale).number(1234.5, 2)).toBe(new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(1234.5));
    }
    // Options are part of the key: two fraction digits and none are different formatters.
    const f = localeFormats("en-US");
    expect(f.number(1.5, 2)).toBe("1.50");
    expect(f.number(1.5, 0)).toBe("2");
    expect(f.percent(0.125)).toBe("12.50%");
    expect(f.percent(0.125, 0)).toBe("13%");
  });
});

function formatFresh(locale: string, options: Intl.NumberFormatOptions, amount: number): string {
  return new ORIGINAL.NumberFormat(locale, options).format(amount);
}
