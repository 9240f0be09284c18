import { describe, expect, it } from "vitest";
import { csvFilename, MAX_FILENAME_LENGTH, slugify } from "@/lib/csv/filename";

describe("csvFilename", () => {
  it("names a report by account, report and range", () => {
    expect(csvFilename({ accountLabel: "Aurora Academy", report: "Revenue by product", from: "2026-01-01", to: "2026-03-31" })).toBe(
      "aurora-academy_revenue-by-product_2026-01-01_to_2026-03-31.csv",
    );
  });

  it("folds accents and special letters to ASCII", () => {
    expect(csvFilename({ accountLabel: "Académie Ørsted & Straße", report: "Remboursements", from: "2026-01-01", to: "2026-01-31" })).toBe(
      "academie-orsted-strasse_remboursements_2026-01-01_to_2026-01-31.csv",
    );
  });

  it("takes Dates as their UTC day and timestamps as their day", () => {
    expect(
      csvFilename({ accountLabel: "a", report: "orders", from: new Date("2026-02-01T23:30:00Z"), to: "2026-02-28T10:00:00-03:00" }),
    ).toBe("a_orders_2026-02-01_to_2026-02-28.csv");
  });

  it("takes another extension", () => {
    expect(csvFilename({ accountLabel: "A", report: "All reports", from: "2026-01-01", to: "2026-01-02", ext: "zip" })).toBe(
      "a_all-reports_2026-01-01_to_2026-01-02.zip",
    );
    expect(csvFilename({ accountLabel: "A", report: "r", from: "2026-01-01", to: "2026-01-02", ext: ".ZIP" })).toMatch(/\.zip$/);
    expect(csvFilename({ accountLabel: "A", report: "r", from: "2026-01-01", to: "2026-01-02", ext: "../" })).toMatch(/\.csv$/);
  });

  it("removes path separators, dots, control characters and quotes", () => {
    const name = csvFilename({ accountLabel: "../../etc/passwd\u0000", report: 'x\r\n"y"\\z', from: "2026-01-01", to: "2026-01-02" });
    expect(name).toBe("etc-passwd_x-y-z_2026-01-01_to_2026-01-02.csv");
    expect(name).toMatch(/^[a-z0-9._-]+$/);
  });

  it("is never empty", () => {
    expect(csvFilename({ accountLabel: "", report: "", from: "", to: "" })).toBe("account_report.csv");
    expect(csvFilename({ accountLabel: null, report: "收入", from: "2026-01-01", to: "2026-01-02" })).toBe(
      "account_report_2026-01-01_to_2026-01-02.csv",
    );
    expect(csvFilename({ accountLabel: "😀", report: "---", from: new Date("nope"), to: "2026-01-02" })).toBe("account_report_2026-01-02.csv");
  });

  it("keeps within 120 characters, the range and extension whole", () => {
    const name = csvFilename({ accountLabel: "A very long academy name ".repeat(10), report: "Revenue by product and by country ".repeat(5), from: "2026-01-01", to: "2026-03-31" });
    expect(name.length).toBeLessThanOrEqual(MAX_FILENAME_LENGTH);
    expect(name).toMatch(/^a-very-long-academy[a-z-]*[a-z]_revenue-by-product[a-z-]*[a-z]_2026-01-01_to_2026-03-31\.csv$/);
    const longReportOnly = csvFilename({ accountLabel: "Aurora", report: "x".repeat(300), from: "2026-01-01", to: "2026-03-31" });
    expect(longReportOnly.length).toBeLessThanOrEqual(MAX_FILENAME_LENGTH);
    expect(longReportOnly.startsWith("aurora_xxx")).toBe(true);
    const odd = csvFilename({ accountLabel: "a".repeat(500), report: "b".repeat(500), from: "z".repeat(50), to: "y".repeat(50), ext: "q".repeat(50) });
    expect(odd.length).toBeLessThanOrEqual(MAX_FILENAME_LENGTH);
  });
});

describe("slugify", () => {
  it.each([
    ["Zoë's Café", "zoe-s-cafe"],
    ["  --Hello,   World!--  ", "hello-world"],
    ["ÆØÅ æøå Łódź", "aeoa-aeoa-lodz"],
    ["ﬁ ligature ①", "fi-ligature-1"],
    ["", ""],
  ])("%j -> %j", (text, expected) => {
    expect(slugify(text)).toBe(expected);
  });
});

describe("csvFilename of an incomplete download", () => {
  it("ends in -incomplete before the extension, and keeps it when the name is cut", () => {
    expect(csvFilename({ accountLabel: "Aurora Academy", report: "revenue-purchases", from: "2026-01-01", to: "2026-03-31", incomplete: true })).toBe(
      "aurora-academy_revenue-purchases_2026-01-01_to_2026-03-31-incomplete.csv",
    );
    const long = csvFilename({ accountLabel: "a".repeat(200), report: "b".repeat(200), from: "2026-01-01", to: "2026-03-31", ext: "zip", incomplete: true });
    expect(long.length).toBeLessThanOrEqual(MAX_FILENAME_LENGTH);
    expect(long.endsWith("_2026-01-01_to_2026-03-31-incomplete.zip")).toBe(true);
  });
});
