// A key kept for digests and alerts (issue #27, point 5): kept from the session's credential only
// when asked, sealed in the vault under the account's name with no expiry, listed with since
// when, deleted by "stop and forget"; refused by the upstream, it is deleted and the account's
// confirmed addresses (not its webhook, not an unconfirmed one) are told once, in their language.
import { beforeEach, describe, expect, it } from "vitest";
import { CredentialVault } from "@/lib/auth/credential-vault";
import { forgetKeptKey, keepKey, keptKeyRef, keptKeySince, stopRefusedKeptKey } from "@/lib/auth/kept-key";
import { addressKeyOf, deriveDigestKeys, sealAddress } from "@/lib/digests/digest-keys";
import type { DigestSender } from "@/lib/digests/send-digest";
import type { MailMessage } from "@/lib/mail/mailer";
import { MemoryDigestStore, type DigestSubscription } from "@/lib/store/digest-store";
import { MemoryVaultStore } from "@/lib/store/vault-store";

const SECRET = "kept-key-unit-test-secret-0123456789abcdef";
const T0 = 1_900_000_000_000;
const YEAR = 365 * 86_400_000;
const keys = deriveDigestKeys(SECRET);
const CREDENTIAL = { kind: "api-key" as const, apiKey: "sak_kept_0123456789" };

let store: MemoryVaultStore;
let vault: CredentialVault;
let now: number;
beforeEach(() => {
  store = new MemoryVaultStore();
  now = T0;
  vault = new CredentialVault(store, SECRET, () => now);
});

describe("keeping a key", () => {
  it("is a sealed copy of the session's credential under the account's name, which outlives the session", async () => {
    const session = await vault.put({ credential: CREDENTIAL, target: "production", keyType: "creator" }, 8 * 3_600_000);
    expect(await keptKeySince("acct-a", vault)).toBeNull();
    expect(await keepKey("acct-a", session, T0 + 5, vault)).toBe(true);
    expect(await keptKeySince("acct-a", vault)).toBe(T0 + 5);
    // Sealed: the store holds no part of the key.
    const [sealed] = (await store.entries(now)).filter((e) => e.ref === keptKeyRef("acct-a"));
    expect(sealed?.sealed).not.toContain("sak_kept");
    // The session ends; a year later the server still finds the key (and resumes its sync from it).
    await vault.remove(session);
    now = T0 + YEAR;
    expect((await vault.live()).map((e) => [e.ref, e.value.credential, e.value.keyType, e.value.keptAt])).toEqual([[keptKeyRef("acct-a"), CREDENTIAL, "creator", T0 + 5]]);
    // Another account's key is not this one's.
    expect(await keptKeySince("acct-b", vault)).toBeNull();
  });

  it("does not bring back what Forget my data (another tab) deleted while it was keeping", async () => {
    const session = await vault.put({ credential: CREDENTIAL, target: "production", keyType: "creator" }, 60_000);
    // Forget my data ends the session and deletes the kept key between keepKey's read and its write.
    const racing = Object.create(vault) as CredentialVault;
    racing.keep = async (ref, value) => {
      await vault.remove(session);
      await vault.remove(keptKeyRef("acct-a"));
      await vault.keep(ref, value);
    };
    expect(await keepKey("acct-a", session, T0, racing)).toBe(false);
    expect(await keptKeySince("acct-a", vault)).toBeNull();
    expect(await store.entries(now)).toEqual([]);
  });

  it("needs the session's entry: a session that has ended keeps nothing", async () => {
    expect(await keepKey("acct-a", "no-such-session", T0, vault)).toBe(false);
    expect(await store.entries(now)).toEqual([]);
  });

  it("stops and forgets: the entry is gone and nothing is left to resume", async () => {
    const session = await vault.put({ credential: CREDENTIAL, target: "production", keyType: "creator" }, 60_000);
    await keepKey("acct-a", session, T0, vault);
    expect(await forgetKeptKey("acct-a", vault)).toBe(true);
    expect(await keptKeySince("acct-a", vault)).toBeNull();
    expect(await forgetKeptKey("acct-a", vault)).toBe(false);
    expect((await vault.live()).map((e) => e.ref)).toEqual([session]);
  });
});

describe("a kept key the upstream refuses", () => {
  function senderWith(sent: MailMessage[]): DigestSender {
    return { store: new MemoryDigestStore(), mailer: { send: async (m) => void sent.push(m), close: () => undefined }, keys, baseUrl: "https://dash.example/" };
  }

  async function subscribe(sender: DigestSender, id: string, address: string, cadence: DigestSubscription["cadence"], locale: string, confirmedAt: number | null, account = "acct-a") {
    await sender.store.create({ id, account, sealedAddress: sealAddress(keys, id, address), addressKey: addressKeyOf(keys, address), cadence, locale, timeZone: "UTC", keyType: "creator", createdAt: 1, confirmedAt });
  }

  it("is deleted, and each confirmed address of the account is told once, in its language", async () => {
    const sent: MailMessage[] = [];
    const sender = senderWith(sent);
    await subscribe(sender, "weekly-en", "owner@creator.test", "weekly", "en", 1);
    await subscribe(sender, "alerts-pt", "dono@creator.test", "alerts", "pt-BR", 1);
    await subscribe(sender, "pending", "later@creator.test", "daily", "en", null);
    await subscribe(sender, "hook", "https://hooks.example/x", "webhook", "en", 1);
    await subscribe(sender, "other", "other@creator.test", "weekly", "en", 1, "acct-b");
    const session = await vault.put({ credential: CREDENTIAL, target: "production", keyType: "creator" }, 60_000);
    await keepKey("acct-a", session, T0 - 1000, vault);

    expect(await stopRefusedKeptKey("acct-a", T0, { vault, sender })).toBe(2);
    expect(await keptKeySince("acct-a", vault)).toBeNull();
    expect(sent.map((m) => [m.to, m.subject]).sort()).toEqual([
      ["dono@creator.test", "Salesdash: a Sales API recusou sua chave, e ela foi apagada"],
      ["owner@creator.test", "Salesdash: the Sales API refused your key, and it was deleted"],
    ]);
    const english = sent.find((m) => m.to === "owner@creator.test")!;
    expect(english.text).toContain("Sign in to Salesdash");
    expect(english.html).toContain("https://dash.example/sign-in");
    expect(english.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    // Nothing of the key in the mail.
    for (const m of sent) expect(`${m.html}${m.text}`).not.toContain("sak_kept");
    // In the in-app list of sends, as the notice.
    expect((await sender.store.sends("acct-a", 10)).map((s) => [s.subscriptionId, s.period, s.status]).sort()).toEqual([
      ["alerts-pt", `keyStopped:${T0 - 1000}`, "sent"],
      ["weekly-en", `keyStopped:${T0 - 1000}`, "sent"],
    ]);

    // A second refusal (another instance, the next pass): the key is gone, nobody is told again.
    expect(await stopRefusedKeptKey("acct-a", T0 + 60_000, { vault, sender })).toBe(0);
    expect(sent).toHaveLength(2);
  });

  it("tells an address once however many of its subscriptions there are, and the others when one fails", async () => {
    const sent: MailMessage[] = [];
    const sender = senderWith(sent);
    await subscribe(sender, "weekly-en", "owner@creator.test", "weekly", "en", 1);
    await subscribe(sender, "alerts-en", "owner@creator.test", "alerts", "en", 1);
    await subscribe(sender, "broken", "broken@creator.test", "daily", "en", 1);
    await subscribe(sender, "monthly-pt", "dono@creator.test", "monthly", "pt-BR", 1);
    // The store fails for one address: it is logged, and the next is still told.
    const claim = sender.store.claimSend.bind(sender.store);
    sender.store.claimSend = async (sub, ...rest) => (sub.id === "broken" ? Promise.reject(new Error("store away")) : claim(sub, ...rest));
    const session = await vault.put({ credential: CREDENTIAL, target: "production", keyType: "creator" }, 60_000);
    await keepKey("acct-a", session, T0, vault);
    expect(await stopRefusedKeptKey("acct-a", T0, { vault, sender })).toBe(2);
    expect(sent.map((m) => m.to).sort()).toEqual(["dono@creator.test", "owner@creator.test"]);
  });

  it("without a kept key, a refusal tells nobody (a session's key ends with its session)", async () => {
    const sent: MailMessage[] = [];
    const sender = senderWith(sent);
    await subscribe(sender, "weekly-en", "owner@creator.test", "weekly", "en", 1);
    await vault.put({ credential: CREDENTIAL, target: "production", keyType: "creator" }, 60_000);
    expect(await stopRefusedKeptKey("acct-a", T0, { vault, sender })).toBe(0);
    expect(sent).toEqual([]);
  });

  it("is deleted all the same where no mail server is configured", async () => {
    const session = await vault.put({ credential: CREDENTIAL, target: "production", keyType: "creator" }, 60_000);
    await keepKey("acct-a", session, T0, vault);
    expect(await stopRefusedKeptKey("acct-a", T0, { vault, sender: null })).toBe(0);
    expect(await keptKeySince("acct-a", vault)).toBeNull();
  });
});
