import { describe, expect, it } from "vitest";
import { CONFIRMATIONS_PER_ACCOUNT_DAY, CONFIRMATIONS_PER_ADDRESS_DAY, createConfirmationLimiter } from "@/lib/digests/confirmation-limit";
import { deriveDigestKeys, openAddress } from "@/lib/digests/digest-keys";
import { listDigestSubscriptions, stopDigest, subscribeDigest } from "@/lib/digests/digest-subscriptions";
import type { DigestSender } from "@/lib/digests/send-digest";
import { MailError, type MailMessage } from "@/lib/mail/mailer";
import { MemoryDigestStore } from "@/lib/store/digest-store";

// Subscribing: the address sealed at rest and shown masked, a confirmation mailed with a signed
// link, nothing kept when the mail cannot go, and no more than a few confirmations a day, to one
// address or from one account, however often a digest is stopped and asked again.
function senderWith(fail = false) {
  const sent: MailMessage[] = [];
  const sender: DigestSender = {
    store: new MemoryDigestStore(),
    keys: deriveDigestKeys("digest-subscribe-secret-0123456789abcdef0123"),
    baseUrl: "https://dash.example",
    mailer: { send: async (m) => { if (fail) throw new MailError("The mail server could not be reached."); sent.push(m); }, close: () => undefined },
  };
  return { sender, sent };
}
const input = (address: string, account = "acct") => ({ account, keyType: "creator" as const, address, cadence: "weekly" as const, locale: "pt-BR" as const, timeZone: "America/Sao_Paulo" });

describe("subscribeDigest", () => {
  it("seals the address, mails a confirmation in the subscriber's language, and lists it masked and unconfirmed", async () => {
    const { sender, sent } = senderWith();
    expect(await subscribeDigest(sender, input(" Ana@Example.com "), createConfirmationLimiter())).toEqual({ ok: true, address: "A***@Example.com" });
    expect(sent.map((m) => [m.to, m.subject])).toEqual([["Ana@Example.com", "Confirme seu resumo do Salesdash"]]);
    expect(sent[0]!.text).toMatch(/https:\/\/dash\.example\/digests\/confirm\?token=[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}/);
    const [stored] = await sender.store.list("acct");
    expect(stored!.sealedAddress.includes(Buffer.from("Ana@Example.com"))).toBe(false);
    expect(openAddress(sender.keys, stored!.id, stored!.sealedAddress)).toBe("Ana@Example.com");
    expect((await listDigestSubscriptions(sender, "acct")).subscriptions).toEqual([{ id: stored!.id, address: "A***@Example.com", cadence: "weekly", timeZone: "America/Sao_Paulo", locale: "pt-BR", confirmed: false }]);
    // The same inbox again (another case, spaces): one subscription per address and cadence.
    expect(await subscribeDigest(sender, input("ana@example.COM"), createConfirmationLimiter())).toEqual({ ok: false, reason: "exists" });
  });

  it("keeps nothing when the confirmation cannot be sent", async () => {
    const { sender } = senderWith(true);
    expect(await subscribeDigest(sender, input("ana@example.com"), createConfirmationLimiter())).toEqual({ ok: false, reason: "mail_failed", detail: "The mail server could not be reached." });
    expect(await sender.store.list("acct")).toEqual([]);
  });

  it("sends at most 3 confirmations a day to one address and 10 from one account, stopped or not", async () => {
    const { sender, sent } = senderWith();
    const limiter = createConfirmationLimiter({ keyPrefix: `test-${Math.random()}` });
    for (let i = 0; i < CONFIRMATIONS_PER_ADDRESS_DAY; i++) {
      expect(await subscribeDigest(sender, input("ana@example.com"), limiter)).toMatchObject({ ok: true });
      const [s] = await sender.store.list("acct");
      expect(await stopDigest(sender, "acct", s!.id)).toBe("a***@example.com");
    }
    expect(await subscribeDigest(sender, input("ana@example.com"), limiter)).toEqual({ ok: false, reason: "too_many" });
    expect(await sender.store.list("acct")).toEqual([]);
    for (let i = CONFIRMATIONS_PER_ADDRESS_DAY; i < CONFIRMATIONS_PER_ACCOUNT_DAY; i++) {
      expect(await subscribeDigest(sender, input(`other${i}@example.com`), limiter)).toMatchObject({ ok: true });
    }
    expect(await subscribeDigest(sender, input("one.more@example.com"), limiter)).toEqual({ ok: false, reason: "too_many" });
    expect(sent).toHaveLength(CONFIRMATIONS_PER_ACCOUNT_DAY);
    // Another account is counted apart.
    expect(await subscribeDigest(sender, input("one.more@example.com", "other-acct"), limiter)).toMatchObject({ ok: true });
  });

  it("stops only the account's own digest", async () => {
    const { sender } = senderWith();
    await subscribeDigest(sender, input("ana@example.com"), createConfirmationLimiter());
    const [s] = await sender.store.list("acct");
    expect(await stopDigest(sender, "someone-else", s!.id)).toBeNull();
    expect(await sender.store.list("acct")).toHaveLength(1);
  });
});
