// Issue #14: the quality banner's sentences in both languages; the English ones as before.
import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import { MESSAGES } from "@/lib/i18n/messages";

type Words = (key: string, values?: Record<string, string | number>) => string;
const words = (locale: "en" | "pt-BR") => createTranslator({ locale, messages: MESSAGES[locale], namespace: "report.quality" }) as unknown as Words;
const en = words("en");
const pt = words("pt-BR");

describe("quality banner sentences", () => {
  it("say in English what they said before", () => {
    expect(en("currencyAssumed", { count: 3, code: "EUR", source: "setting" })).toBe("3 records came without a currency and are counted in EUR, the currency set for this account (currency assumed: EUR). Change it in the account menu.");
    expect(en("currencyAssumed", { count: 1, code: "BRL", source: "common" })).toBe("1 record came without a currency and is counted in BRL, the most common currency of this account's sales in the range (currency assumed: BRL). Change it in the account menu.");
    expect(en("currencyUnknown", { count: 2 })).toBe("2 records came without a currency we could tell and are shown under “unknown”. You can set the currency of sales without one in the account menu.");
    expect(en("invalid", { count: "4", period: "comparison", refs: "c-1, c-2" })).toBe("4 record(s) of the comparison period came in a shape we cannot read and are left out (reference c-1, c-2).");
    expect(en("invalid", { count: "4", period: "current", refs: "none" })).toBe("4 record(s) of this period came in a shape we cannot read and are left out.");
    expect(en("comparisonExact", { range: en("range", { from: "2026-05-01", to: "2026-05-31" }) })).toBe("The comparison period (2026-05-01 to 2026-05-31) is incomplete: the totals shown are exact, but the changes against it, marked “partial”, are not.");
    expect(en("oddShapes", { count: "2", complete: "yes" })).toBe("2 record(s) had amounts written as text; they were read exactly and are included, so these figures are complete.");
  });

  it("say it in Portuguese", () => {
    expect(pt("currencyAssumed", { count: 3, code: "EUR", source: "setting" })).toBe("3 registros vieram sem moeda e são contados em EUR, a moeda definida para esta conta (moeda presumida: EUR). Altere-a no menu da conta.");
    expect(pt("unfetched", { days: "01/05/2026–03/05/2026", why: "slow" })).toBe("Faltam os números de 01/05/2026–03/05/2026: a Sales API não respondeu a tempo.");
    expect(pt("unfetched", { days: "01/05/2026", why: "unreachable" })).toBe("Faltam os números de 01/05/2026: não foi possível alcançar a Sales API; os outros dias vêm dos seus dados sincronizados.");
  });
});
