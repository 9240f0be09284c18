// Issue #14: the failure panel words a failed report by its kind in the reader's language;
// in English, the very sentences the server describes it with (describe-error.ts).
import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import { MESSAGES } from "@/lib/i18n/messages";
import { describeReportError } from "@/lib/reports/server/describe-error";
import { SalesApiHttpError, SalesApiTransportError } from "@/lib/sales-api/errors";

type Words = (key: string, values?: Record<string, string | number>) => string;
const words = (locale: "en" | "pt-BR") => createTranslator({ locale, messages: MESSAGES[locale], namespace: "report.failure" }) as unknown as Words;
const http = (status: number, retryAfter: string | null = null) => new SalesApiHttpError(status, "code", `HTTP ${status}`, { correlationId: "corr-1", retryAfter });
const ERRORS = [http(400), http(401), http(403), http(404), http(429, "30"), http(503), new SalesApiTransportError("timeout", "slow"), new SalesApiTransportError("network", "down"), new Error("bug")];

describe("failure words by kind", () => {
  for (const error of ERRORS) {
    const failure = describeReportError(error);
    it(`${failure.kind}: English as the server says it, Portuguese otherwise`, () => {
      const seconds = failure.retryAfterSeconds ?? 60;
      expect(words("en")(`kinds.${failure.kind}.title`)).toBe(failure.title);
      expect(words("en")(`kinds.${failure.kind}.action`, { seconds })).toBe(failure.action);
      expect(words("pt-BR")(`kinds.${failure.kind}.title`)).not.toBe(failure.title);
      expect(words("pt-BR")(`kinds.${failure.kind}.action`, { seconds })).toMatch(/\S/);
    });
  }

  it("keeps the wait of a rate limit", () => {
    expect(words("pt-BR")("kinds.rate_limited.action", { seconds: 30 })).toBe("Aguarde 30 segundos e recarregue.");
  });
});
