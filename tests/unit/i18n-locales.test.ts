import { describe, expect, it } from "vitest";
import { codeLabeler } from "@/lib/i18n/code-labels";
import { chooseLocale, localeFromAcceptLanguage } from "@/lib/i18n/locales";
import { MESSAGES } from "@/lib/i18n/messages";
import { parse } from "@formatjs/icu-messageformat-parser";
import { nbsp, plainTranslator as translator } from "../support/plain-translator";
import { formatCompactMoney, formatDayInLocale, formatMoney } from "@/lib/format";



function keyPaths(node: unknown, prefix = ""): string[] {
  if (typeof node !== "object" || node === null) return [prefix];
  return Object.entries(node).flatMap(([k, v]) => keyPaths(v, prefix ? `${prefix}.${k}` : k)).sort();
}

describe("locale choice", () => {
  it("reads Accept-Language by weight, any Portuguese as pt-BR, English otherwise", () => {
    expect(localeFromAcceptLanguage("pt-BR,pt;q=0.9,en;q=0.8")).toBe("pt-BR");
    expect(localeFromAcceptLanguage("pt-PT")).toBe("pt-BR");
    expect(localeFromAcceptLanguage("en-US,en;q=0.9,pt;q=0.8")).toBe("en");
    expect(localeFromAcceptLanguage("de-DE,pt;q=0.5")).toBe("pt-BR");
    expect(localeFromAcceptLanguage("fr")).toBe("en");
    expect(localeFromAcceptLanguage(undefined)).toBe("en");
  });
  it("prefers the switch's cookie, and ignores a cookie that names no locale of ours", () => {
    expect(chooseLocale("en", "pt-BR")).toBe("en");
    expect(chooseLocale("xx", "pt-BR")).toBe("pt-BR");
  });
});

describe("messages", () => {
  it("has the same keys in English and Portuguese", () => {
    expect(keyPaths(MESSAGES["pt-BR"])).toEqual(keyPaths(MESSAGES.en));
  });

  it("is ICU next-intl's build can read, every message of both languages (an unquoted < is a tag)", () => {
    const unreadable: string[] = [];
    const walk = (node: unknown, path: string) => {
      if (typeof node === "string") {
        try {
          parse(node);
        } catch (error) {
          unreadable.push(`${path}: ${(error as Error).message}`);
        }
      } else if (typeof node === "object" && node !== null) for (const [k, v] of Object.entries(node)) walk(v, `${path}.${k}`);
    };
    for (const [locale, messages] of Object.entries(MESSAGES)) walk(messages, locale);
    expect(unreadable).toEqual([]);
  });
});

describe("code labels", () => {
  const en = codeLabeler(translator(MESSAGES.en.codes), translator(MESSAGES.en.common), "en-US");
  const pt = codeLabeler(translator(MESSAGES["pt-BR"].codes), translator(MESSAGES["pt-BR"].common), "pt-BR");
  it("gives words for known codes, in each language", () => {
    expect(en("paymentMethod", "credit_card")).toBe("Credit card");
    expect(pt("paymentMethod", "credit_card")).toBe("Cartão de crédito");
    expect(en("purchaseType", "order_bump")).toBe("Order bump");
    expect(en("declineCode", "do_not_honor")).toBe("Refused by the bank");
    expect(en("milestone", "in_transit")).toBe("In transit");
  });
  it("names a missing value for its dimension (a pix payment has no card brand)", () => {
    expect(en("cardBrand", "none")).toBe("No card (pix, boleto)");
    expect(pt("cardBrand", null)).toBe("Sem cartão (pix, boleto)");
  });
  it("says unknown: <code> for a code outside the dictionary", () => {
    expect(en("paymentMethod", "crypto_wallet")).toBe("unknown: crypto_wallet");
    expect(pt("psp", "newpsp")).toBe("desconhecido: newpsp");
  });
  it("names countries in the reader's language, and keeps product names as they are", () => {
    expect(en("country", "BR")).toBe("Brazil");
    expect(pt("country", "US")).toBe("Estados Unidos");
    expect(en("country", "Narnia")).toBe("unknown: Narnia");
    expect(en("product", "Sourdough Masterclass")).toBe("Sourdough Masterclass");
  });
});

describe("formats by locale", () => {
  it("writes Brazilian money and days in pt-BR", () => {
    expect(nbsp(formatMoney(1234.56, "brl", "pt-BR"))).toBe("R$ 1.234,56");
    expect(formatDayInLocale("2026-11-23", "pt-BR")).toBe("23 de nov. de 2026");
    expect(nbsp(formatCompactMoney(34000, "brl", "pt-BR"))).toBe("R$ 34 mil");
  });
  it("writes English money compact on axes", () => {
    expect(formatCompactMoney(34000, "usd")).toBe("$34K");
    expect(formatMoney(1234.56, "usd")).toBe("$1,234.56");
    expect(formatDayInLocale("2026-11-23")).toBe("Nov 23, 2026");
  });
});
