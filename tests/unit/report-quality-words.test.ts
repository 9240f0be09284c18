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
    expect(en("currencyMissing", { count: 3 })).toBe("3 records came without a currency.");
    expect(en("currencySetting", { count: 3, code: "EUR" })).toBe("3 are counted in EUR, the currency set for this account (currency assumed: EUR). Change it in the account menu.");
    // Issue #24: which currency was inferred and how; unknown ones never summed across offers.
    expect(en("currencyCatalog", { count: 2 })).toBe("2 took their offer's currency from the offers catalog (currency inferred).");
    expect(en("currencySameOffer", { count: 1 })).toBe("1 took the currency that other sales of the same offer carry (currency inferred).");
    expect(en("currencyUnknown", { count: 2 })).toBe("2 records came without a currency we could tell and are shown under “unknown”, one group per offer: offers may be sold in different currencies, so these amounts are never added together. You can set the currency of sales without one in the account menu.");
    expect(en("invalid", { count: "4", period: "comparison", refs: "c-1, c-2" })).toBe("4 record(s) of the comparison period came in a shape we cannot read and are left out (reference c-1, c-2).");
    expect(en("invalid", { count: "4", period: "current", refs: "none" })).toBe("4 record(s) of this period came in a shape we cannot read and are left out.");
    expect(en("comparisonExact", { range: en("range", { from: "2026-05-01", to: "2026-05-31" }) })).toBe("The comparison period (2026-05-01 to 2026-05-31) is incomplete: the totals shown are exact, but the changes against it, marked “partial”, are not.");
    expect(en("oddShapes", { count: "2", complete: "yes" })).toBe("2 record(s) had amounts written as text; they were read exactly and are included, so these figures are complete.");
  });

  it("say it in Portuguese", () => {
    expect(pt("currencySetting", { count: 3, code: "EUR" })).toBe("3 são contados em EUR, a moeda definida para esta conta (moeda presumida: EUR). Altere-a no menu da conta.");
    expect(pt("currencyCatalog", { count: 2 })).toBe("2 receberam a moeda da sua oferta no catálogo de ofertas (moeda inferida).");
    expect(pt("currencySameOffer", { count: 1 })).toBe("1 recebeu a moeda que outras vendas da mesma oferta trazem (moeda inferida).");
    expect(pt("unfetched", { days: "01/05/2026–03/05/2026", why: "slow" })).toBe("Faltam os números de 01/05/2026–03/05/2026: a Sales API não respondeu a tempo.");
    expect(pt("unfetched", { days: "01/05/2026", why: "unreachable" })).toBe("Faltam os números de 01/05/2026: não foi possível alcançar a Sales API; os outros dias vêm dos seus dados sincronizados.");
  });
});
