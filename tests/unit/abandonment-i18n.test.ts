import { describe, expect, it } from "vitest";
import { DECLINE_TEXTS, GENERIC_DECLINE_TEXT, KNOWN_DECLINE_CODES, declineTextId } from "@/lib/analytics/abandonment-decline-texts";
import { heatmapWeekdayNames } from "@/lib/analytics/abandonment-weekdays";
import { MESSAGES } from "@/lib/i18n/messages";

const texts = (locale: "en" | "pt-BR") => MESSAGES[locale].abandonment.declines.text;

describe("decline texts on the page", () => {
  it("picks a known code's own text and the generic text for any other code", () => {
    for (const code of KNOWN_DECLINE_CODES) expect(declineTextId(code)).toBe(code);
    expect(declineTextId("issuer_unavailable")).toBe("generic");
    expect(declineTextId("toString")).toBe("generic"); // not fooled by Object.prototype
  });

  it("says in English what the CSV says, so the file and the page agree", () => {
    for (const code of KNOWN_DECLINE_CODES) expect(texts("en")[code]).toEqual(DECLINE_TEXTS[code]);
    expect(texts("en").generic).toEqual(GENERIC_DECLINE_TEXT);
  });

  it("has a Portuguese text of its own for every code and the generic one", () => {
    for (const id of [...KNOWN_DECLINE_CODES, "generic"] as const) {
      expect(texts("pt-BR")[id].explanation).not.toBe(texts("en")[id].explanation);
      expect(texts("pt-BR")[id].whatToDo).not.toBe(texts("en")[id].whatToDo);
      expect(texts("pt-BR")[id].explanation.length).toBeGreaterThan(40);
    }
  });
});

describe("heatmapWeekdayNames", () => {
  it("names the rows Monday first, in the reader's language", () => {
    expect(heatmapWeekdayNames("en-US")).toEqual(["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]);
    expect(heatmapWeekdayNames("pt-BR")).toEqual(["seg.", "ter.", "qua.", "qui.", "sex.", "sáb.", "dom."]);
    expect(heatmapWeekdayNames("pt-BR", "long")[0]).toBe("segunda-feira");
  });
});
