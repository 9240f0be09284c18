// The share-link actions on the shared wrapper: past the cap, Share answers a typed failure
// with its limit before any report is loaded (the sentence worded in either language); "New
// address" answers the new path for the session's own active link and a typed failure
// otherwise; the old token then answers "revoked".
import { createTranslator } from "next-intl";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { failureText, type FailureTranslator } from "@/components/i18n/failure-text";
import { MESSAGES } from "@/lib/i18n/messages";
import { MAX_ACTIVE_SHARE_LINKS, MemoryShareLinkStore } from "@/lib/store/share-link-store";

const session = vi.hoisted(() => ({ account: { keyType: "creator" as const, label: "Loja" }, client: { identity: "acct-a" } }));
const links = vi.hoisted(() => ({ store: null as unknown, built: 0 }));

vi.mock("@/lib/auth/session", () => ({
  getSessionAccount: async () => session.account,
  getSessionClient: async () => session.client,
}));
vi.mock("@/lib/sharing/share-link-owner", () => ({ getShareLinkStore: () => links.store }));
vi.mock("@/lib/sharing/shareable-view", () => ({
  buildShareableView: async () => {
    links.built += 1;
    return { gross: 1 };
  },
}));

vi.stubEnv("AUTH_SECRET", "actions-share-links-secret-0123456789");
const { createShareLinkAction } = await import("@/lib/actions/sharing/create-share-link");
const { rotateShareLinkAction } = await import("@/lib/actions/sharing/rotate-share-link");
const { openShareLink } = await import("@/lib/sharing/share-links");

const share = () => createShareLinkAction({ report: "revenue", query: "from=2026-05-04&to=2026-05-10", mode: "fixed", expiry: { kind: "days", days: 7 }, password: null });
const tokenOf = (path: string) => path.replace(/^\/s\//, "");

describe("share-link actions", () => {
  let store: MemoryShareLinkStore;
  beforeEach(() => {
    store = new MemoryShareLinkStore();
    links.store = store;
    links.built = 0;
    session.client = { identity: "acct-a" };
  });

  it(`refuses the ${MAX_ACTIVE_SHARE_LINKS + 1}st active link with its limit, before building a snapshot, in English and Portuguese`, async () => {
    for (let i = 0; i < MAX_ACTIVE_SHARE_LINKS; i += 1) expect(await share()).toMatchObject({ ok: true });
    expect(links.built).toBe(MAX_ACTIVE_SHARE_LINKS);
    const refused = await share();
    expect(refused).toEqual({
      ok: false,
      error: { code: "share_link_limit", values: { limit: MAX_ACTIVE_SHARE_LINKS }, message: `You have ${MAX_ACTIVE_SHARE_LINKS} active share links, the most an account can have. Turn one off in Shared links, then share again.` },
    });
    expect(links.built).toBe(MAX_ACTIVE_SHARE_LINKS);
    if (refused.ok) throw new Error("expected a refusal");
    const words = (locale: "en" | "pt-BR") => failureText(createTranslator({ locale, messages: MESSAGES[locale], namespace: "auth" }) as unknown as FailureTranslator, refused.error);
    expect(words("en")).toBe(refused.error.message);
    expect(words("pt-BR")).toBe(`Você tem ${MAX_ACTIVE_SHARE_LINKS} links compartilhados ativos, o máximo de uma conta. Desative um em Links compartilhados e compartilhe de novo.`);
    // Another account is not affected.
    session.client = { identity: "acct-b" };
    expect(await share()).toMatchObject({ ok: true });
  });

  it("gives the session's active link a new address; the old one answers revoked; another account's id is refused", async () => {
    const made = await share();
    if (!made.ok) throw new Error("not made");
    const [old] = await store.list("acct-a");
    session.client = { identity: "acct-b" };
    expect(await rotateShareLinkAction({ id: old!.id })).toMatchObject({ ok: false, error: { code: "share_link_not_active" } });
    session.client = { identity: "acct-a" };
    expect(await rotateShareLinkAction({ id: "not an id" })).toMatchObject({ ok: false, error: { code: "invalid_request" } });
    const rotated = await rotateShareLinkAction({ id: old!.id });
    if (!rotated.ok) throw new Error(rotated.error.message);
    expect(rotated.data).toEqual({ path: expect.stringMatching(/^\/s\/[A-Za-z0-9_-]{43}$/), expiresAt: made.data.expiresAt });
    expect(rotated.data.path).not.toBe(made.data.path);
    expect((await openShareLink(tokenOf(made.data.path), { now: new Date(), countView: false })).kind).toBe("revoked");
    expect((await openShareLink(tokenOf(rotated.data.path), { now: new Date(), countView: false })).kind).toBe("ok");
    expect(await rotateShareLinkAction({ id: old!.id })).toMatchObject({ ok: false, error: { code: "share_link_not_active" } });
  });
});
