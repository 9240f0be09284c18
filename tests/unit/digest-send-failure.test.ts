// A failed send is kept as a code (and a value), worded in the reader's language where the list is
// shown; a detail kept before the codes is shown as it was written.
import { createTranslator } from "use-intl/core";
import { describe, expect, it } from "vitest";
import { parseSendFailure, SEND_FAILURES, sendFailure } from "@/lib/digests/send-failure";
import { MESSAGES } from "@/lib/i18n/messages";

describe("send failures", () => {
  it("are a code and a value, read back as such", () => {
    expect(sendFailure("mail_refused", 550)).toBe("mail_refused:550");
    expect(sendFailure("mail_off")).toBe("mail_off");
    expect(parseSendFailure("mail_refused:550")).toEqual({ code: "mail_refused", value: "550" });
    expect(parseSendFailure("webhook_timeout:15")).toEqual({ code: "webhook_timeout", value: "15" });
    expect(parseSendFailure("mail_off")).toEqual({ code: "mail_off", value: "" });
  });

  it("leave an English sentence of before the codes alone", () => {
    expect(parseSendFailure("The mail server refused the message (SMTP 550).")).toBeNull();
    expect(parseSendFailure("not_a_code:1")).toBeNull();
  });

  it("are worded in both languages, with their value", () => {
    for (const locale of ["en", "pt-BR"] as const) {
      const t = createTranslator({ locale, messages: MESSAGES[locale], namespace: "digests.settings.sendFailure" });
      for (const code of SEND_FAILURES) {
        const text = t(code, { value: "503" });
        expect(text, `${locale} ${code}`).toMatch(/^[A-ZÀ-Ú]/);
        expect(text).not.toContain("{");
      }
    }
    const pt = createTranslator({ locale: "pt-BR", messages: MESSAGES["pt-BR"], namespace: "digests.settings.sendFailure" });
    expect(pt("mail_refused", { value: "550" })).toBe("O servidor de e-mail recusou a mensagem (SMTP 550).");
  });
});
