// The progress box counts requests (not "windows"), an estimate said as such, in both languages
// and with the noun agreeing with the count ("about 1 requests" was on screen).
import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import { MESSAGES } from "@/lib/i18n/messages";

type Words = (key: string, values?: Record<string, string | number>) => string;
const words = (locale: "en" | "pt-BR") => createTranslator({ locale, messages: MESSAGES[locale], namespace: "report.progress" }) as unknown as Words;

describe("progress words", () => {
  it("say requests, about how many, singular and plural", () => {
    expect(words("en")("windows", { done: 0, total: 1 })).toBe("0 of about 1 request");
    expect(words("en")("windows", { done: 3, total: 9 })).toBe("3 of about 9 requests");
    expect(words("pt-BR")("windows", { done: 0, total: 1 })).toBe("0 de cerca de 1 requisição");
    expect(words("pt-BR")("windows", { done: 3, total: 9 })).toBe("3 de cerca de 9 requisições");
  });
});
