import { afterEach, describe, expect, it } from "vitest";
import { formatMoney, formatUtc } from "@/lib/format";

const originalTz = process.env.TZ;
afterEach(() => {
  if (originalTz === undefined) delete process.env.TZ;
  else process.env.TZ = originalTz;
});

describe("formatMoney", () => {
  it.each([
    [1234.5, "brl", "R$1,234.50"],
    [1234.5, "usd", "$1,234.50"],
    [1234.5, "eur", "€1,234.50"],
    [0, "brl", "R$0.00"],
    [0.1, "usd", "$0.10"],
    [1_000_000, "eur", "€1,000,000.00"],
    [-25, "usd", "-$25.00"],
    [-1234.56, "brl", "-R$1,234.56"],
  ])("formats %d %s as %j", (amount, currency, expected) => {
    expect(formatMoney(amount, currency)).toBe(expected);
  });

  it("reads the currency code in any case", () => {
    expect(formatMoney(9.99, "USD")).toBe("$9.99");
    expect(formatMoney(9.99, "Brl")).toBe("R$9.99");
  });

  it("rounds to cents", () => {
    expect(formatMoney(2.999, "usd")).toBe("$3.00");
  });

  it.each([
    ["the grouping label for records without a currency", "unknown"],
    ["the empty string", ""],
    ["a two-letter code", "us"],
    ["a four-letter code", "usdt"],
    ["a symbol", "$"],
    ["a code with digits", "u5d"],
    ["a code with spaces", " usd"],
  ])("says the currency is unknown for %s", (_label, currency) => {
    expect(formatMoney(1234.5, currency)).toBe("1,234.50");
  });

  it("keeps two decimals and the sign when the currency is unknown", () => {
    expect(formatMoney(-3, "unknown")).toBe("-3.00");
    expect(formatMoney(0.1 + 0.2, "")).toBe("0.30");
  });

  it("writes money of an unknown currency in the page's locale (pt-BR groups with dots, a comma before cents)", () => {
    expect(formatMoney(27928.55, "unknown", "pt-BR")).toBe("27.928,55");
    expect(formatMoney(27928.55, "unknown:SDM-BRL-197", "pt-BR")).toBe("27.928,55");
    expect(formatMoney(27928.55, "unknown", "en-US")).toBe("27,928.55");
  });

  it("shows a well-formed but uncommon code as the code itself", () => {
    const text = formatMoney(1234.5, "xyz");
    expect(text).toMatch(/^XYZ\s1,234\.50$/u);
    expect(text).not.toContain("unknown");
  });
});

describe("formatUtc", () => {
  it.each([
    ["2026-03-05T14:07:09Z", "2026-03-05 14:07 UTC"],
    ["2026-03-05T14:07:09.123Z", "2026-03-05 14:07 UTC"],
    ["2026-12-31T23:59:59.999Z", "2026-12-31 23:59 UTC"],
    ["2026-01-01T00:00:00Z", "2026-01-01 00:00 UTC"],
    ["2026-03-05T14:07:09+00:00", "2026-03-05 14:07 UTC"],
  ])("formats %j as %j", (timestamp, expected) => {
    expect(formatUtc(timestamp)).toBe(expected);
  });

  it.each([
    ["null", null],
    ["undefined", undefined],
    ["the empty string", ""],
  ])("gives the empty string for %s", (_label, timestamp) => {
    expect(formatUtc(timestamp)).toBe("");
  });

  it("does not depend on the server time zone", () => {
    for (const tz of ["Pacific/Kiritimati", "America/Sao_Paulo", "Pacific/Pago_Pago"]) {
      process.env.TZ = tz;
      expect(formatUtc("2026-03-05T23:30:00Z")).toBe("2026-03-05 23:30 UTC");
    }
  });

  // Regression guard, once a bug (lib/format.ts:9): the text is sliced, not converted, so a timestamp with an offset
  // (which the record schemas accept: lib/records/fields.ts:5) is labelled UTC with
  // its local wall time: 23:30 at -03:00 is shown as "2026-03-05 23:30 UTC" instead of
  // "2026-03-06 02:30 UTC", and lands on the wrong day.
  it("converts a timestamp with an offset to UTC", () => {
    expect(formatUtc("2026-03-05T23:30:00-03:00")).toBe("2026-03-06 02:30 UTC");
    expect(formatUtc("2026-03-06T01:15:00+05:30")).toBe("2026-03-05 19:45 UTC");
  });
});

describe("formatInZone", () => {
  it("writes the time in the report's zone, across a date line", async () => {
    const { formatInZone } = await import("@/lib/format");
    expect(formatInZone("2026-03-06T01:15:00Z", "America/Sao_Paulo")).toBe("2026-03-05 22:15");
    expect(formatInZone("2026-03-05T23:30:00Z", "Asia/Tokyo")).toBe("2026-03-06 08:30");
    expect(formatInZone("2026-03-05T23:30:00-03:00", "Asia/Kathmandu")).toBe("2026-03-06 08:15");
  });

  it("keeps UTC's suffix and what it cannot read", async () => {
    const { formatInZone } = await import("@/lib/format");
    expect(formatInZone("2026-03-05T23:30:00Z", "UTC")).toBe("2026-03-05 23:30 UTC");
    expect(formatInZone("not a time", "Europe/Lisbon")).toBe("not a time");
    expect(formatInZone(null, "Europe/Lisbon")).toBe("");
  });
});
