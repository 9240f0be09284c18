import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import { syncStatusText as sentence } from "@/components/shell/sync-status-text";
import { MESSAGES } from "@/lib/i18n/messages";
import { syncStatusAnswer } from "@/lib/mirror/sync-status-answer";

describe("syncStatusAnswer", () => {
  it("says nothing but enabled:false when the server runs no sync", () => {
    expect(syncStatusAnswer(null, false)).toEqual({ enabled: false, synced: 0, total: 0, complete: false, running: false, lastError: null });
    expect(syncStatusAnswer({ synced: 3, total: 730, running: true, lastError: null }, false).enabled).toBe(false);
  });
  it("keeps only counts, whether it runs and the error sentence", () => {
    const status = { synced: 412, total: 730, running: true, lastError: null, passEndedAt: 1, account: "secret-identity" };
    const answer = syncStatusAnswer(status, true);
    expect(answer).toEqual({ enabled: true, synced: 412, total: 730, complete: false, running: true, lastError: null });
    expect(JSON.stringify(answer)).not.toContain("secret-identity");
  });
  it("is complete once every day is held", () => {
    expect(syncStatusAnswer({ synced: 730, total: 730, running: false, lastError: null }, true).complete).toBe(true);
  });
});

const en = createTranslator({ locale: "en", messages: MESSAGES.en, namespace: "shell" });
const pt = createTranslator({ locale: "pt-BR", messages: MESSAGES["pt-BR"], namespace: "shell" });
const syncStatusText = (status: Parameters<typeof sentence>[0]) => sentence(status, en);

describe("syncStatusText", () => {
  const answer = (patch: Partial<ReturnType<typeof syncStatusAnswer>>) => ({ ...syncStatusAnswer({ synced: 412, total: 730, running: true, lastError: null }, true), ...patch });
  it("shows nothing before the first answer or when the sync is off", () => {
    expect(syncStatusText(undefined)).toBeNull();
    expect(syncStatusText(syncStatusAnswer(null, false))).toBeNull();
  });
  it("counts the days while the sync fills", () => {
    expect(syncStatusText(answer({}))).toEqual({ text: "Synced 412 of 730 days", tone: "filling" });
    expect(syncStatusText(answer({ synced: 1200, total: 1500 }))?.text).toBe("Synced 1,200 of 1,500 days");
  });
  it("says up to date when done", () => {
    expect(syncStatusText(answer({ synced: 730, complete: true }))).toEqual({ text: "Synced 730 days · up to date", tone: "done" });
  });
  it("adds the last error's sentence", () => {
    const lastError = "The upstream asked us to slow down; the sync resumes shortly.";
    expect(syncStatusText(answer({ lastError }))).toEqual({ text: `Synced 412 of 730 days · ${lastError}`, tone: "problem" });
    expect(syncStatusText(answer({ synced: 730, complete: true, lastError }))?.text).toBe(`Synced 730 days · ${lastError}`);
  });
});

describe("syncStatusText in Portuguese", () => {
  const answer = (patch: Partial<ReturnType<typeof syncStatusAnswer>>) => ({ ...syncStatusAnswer({ synced: 1200, total: 1500, running: true, lastError: null }, true), ...patch });
  it("counts the days with Brazilian digit grouping, and agrees in number", () => {
    expect(sentence(answer({}), pt)?.text).toBe("1.200 de 1.500 dias sincronizados");
    expect(sentence(answer({ synced: 1, total: 1, complete: true }), pt)?.text).toBe("1 dia sincronizado · atualizado");
  });
});
