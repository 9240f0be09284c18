// Failed sign-ins and actions are worded in the reader's language from their code or reason,
// with the reference kept; a code the messages do not know keeps the server's English sentence.
import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import { failureText, signInFailureText, type FailureTranslator } from "@/components/i18n/failure-text";
import { MESSAGES } from "@/lib/i18n/messages";
import { signInFailure } from "@/lib/auth/verify-credential";
import { SalesApiHttpError, SalesApiTransportError } from "@/lib/sales-api/errors";

const translator = (locale: "en" | "pt-BR") => createTranslator({ locale, messages: MESSAGES[locale], namespace: "auth" }) as unknown as FailureTranslator;
const en = translator("en");
const pt = translator("pt-BR");
const http = (status: number, retryAfter: string | null = null) => new SalesApiHttpError(status, "some_code", `HTTP ${status}`, { correlationId: "corr-9", retryAfter });
/** The sign-in action's failure for an upstream error (lib/actions/auth/sign-in.ts). */
const actionError = (error: unknown) => ({ code: "credential_refused", ...signInFailure(error) });

describe("sign-in failures", () => {
  it("word a refused key in Portuguese and keep its reference", () => {
    expect(signInFailureText(pt, actionError(http(401)))).toBe(
      "Esta credencial não foi aceita: está errada, foi revogada ou expirou. Confira, ou peça uma nova ao operador da plataforma. (referência corr-9)",
    );
  });
  it("carry the wait of a rate limit into either language", () => {
    expect(signInFailureText(pt, actionError(http(429, "12")))).toContain("Tente novamente em 12 segundos.");
    expect(signInFailureText(en, actionError(http(429, "1")))).toContain("Try again in 1 second.");
    expect(signInFailureText(pt, actionError(http(429)))).toContain("em um minuto");
  });
  it("say the English sentence in English, as the server wrote it, reference included", () => {
    const failure = actionError(http(401));
    expect(signInFailureText(en, failure)).toBe(failure.message.replace(" (reference corr-9).", ". (reference corr-9)"));
    expect(signInFailureText(en, actionError(new SalesApiTransportError("timeout", "no answer within 15000 ms")))).toBe(
      "The Sales API could not be reached (no answer within 15000 ms). Try again in a moment.",
    );
  });
  it("word the failures without a reason by their code, and keep the server's sentence for a code it does not know", () => {
    expect(signInFailureText(pt, { code: "storage_unavailable", reason: "storage_unavailable", reference: "ref-1", message: "x" })).toMatch(/^Armazenamento indisponível: .* \(referência ref-1\)$/);
    expect(signInFailureText(pt, { code: "not_configured", message: "x" })).toMatch(/^O login não está configurado/);
    expect(signInFailureText(pt, { code: "brand_new", message: "Something new.", correlation_id: "c-2" })).toBe("Something new. (reference c-2)");
  });
});

describe("action failures", () => {
  it("word the wrapper's codes with their reference", () => {
    expect(failureText(pt, { code: "storage_unavailable", message: "Storage unavailable.", correlation_id: "r-1" })).toBe(
      "Armazenamento indisponível: nada foi alterado. Tente novamente em instantes. (referência r-1)",
    );
    expect(failureText(pt, { code: "unauthenticated", message: "Your session has ended." })).toBe("Sua sessão terminou. Entre novamente.");
    expect(failureText(pt, { code: "invalid_request", message: "That currency is not an ISO code." })).toBe("That currency is not an ISO code.");
  });
});
