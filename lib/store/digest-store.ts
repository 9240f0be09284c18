// Digest subscriptions and their sends. A subscription is an address an account's user entered
// for a daily, weekly or monthly digest: pending until the address's owner follows the
// confirmation link, then active until unsubscribed. The address is the user's personal data:
// the store keeps it sealed (by lib/digests, with the server's key), and a keyed hash of it to
// tell one address from another without opening it. A send is claimed once per subscription and
// period, across instances, before the mail goes out: a second claim of the same period is
// refused, so a digest is never sent twice for one period.
export interface DigestSubscription {
  id: string;
  account: string;
  /** The address, sealed (lib/digests/digest-address.ts). */
  sealedAddress: Buffer;
  /** A keyed hash of the normalised address: one subscription per account, address and cadence. */
  addressKey: string;
  /**
   * lib/digests/digest-period.ts's SUBSCRIPTION_KINDS: a digest's cadence, or "alerts"; or
   * "webhook", the account's webhook (lib/webhooks/account-webhook.ts), whose sealed "address"
   * is its URL and secret.
   */
  cadence: "daily" | "weekly" | "monthly" | "alerts" | "webhook";
  /** The language and zone the digest is written in, as the user had them when subscribing. */
  locale: string;
  timeZone: string;
  keyType: "creator" | "affiliate";
  /** Epoch ms. */
  createdAt: number;
  /** Null while the address is not confirmed: nothing is sent to it but the confirmation. */
  confirmedAt: number | null;
}

/** An account's subscriptions are capped: each is a mail a period, and the list is one screen. */
export const MAX_DIGEST_SUBSCRIPTIONS = 10;

export type DigestSubscriptionCreation = "created" | "exists" | "full";

export type DigestSendStatus = "sending" | "sent" | "failed";

export interface DigestSend {
  subscriptionId: string;
  account: string;
  /** "weekly:2026-06-08": the cadence and the period's first day. */
  period: string;
  status: DigestSendStatus;
  /** Epoch ms of the claim, and of the last change. */
  claimedAt: number;
  updatedAt: number;
  attempts: number;
  /** Why it failed, in words for the in-app list (never an address or a credential). */
  detail: string | null;
}

export interface DigestStore {
  create(subscription: DigestSubscription): Promise<DigestSubscriptionCreation>;
  /** The account's subscriptions, oldest first. */
  list(account: string): Promise<DigestSubscription[]>;
  get(id: string): Promise<DigestSubscription | null>;
  /** False when there is no such subscription; confirming twice keeps the first time. */
  confirm(id: string, at: number): Promise<boolean>;
  /** False when there is no such subscription. Its sends go with it. */
  delete(id: string): Promise<boolean>;
  deleteAccount(account: string): Promise<void>;
  /**
   * Claims the send of a period: true for the first claim, and again only when an earlier claim
   * failed (after its wait, retryWaitMs, and fewer than MAX_SEND_ATTEMPTS) or has been "sending"
   * since before `staleBefore` (its instance stopped mid-send). False too when the subscription
   * is gone. The claim is named by `at`: only its holder finishes it.
   */
  claimSend(subscription: DigestSubscription, period: string, at: number, staleBefore: number): Promise<boolean>;
  /** Finishes the claim made at `claimedAt`; nothing when another instance has taken it over since. */
  finishSend(subscriptionId: string, period: string, claimedAt: number, status: "sent" | "failed", at: number, detail: string | null): Promise<void>;
  /** The account's sends, the newest first. */
  sends(account: string, limit: number): Promise<DigestSend[]>;
}

/** A period's send is tried this many times at most. */
export const MAX_SEND_ATTEMPTS = 6;

/** How long a failed send waits before it is tried again: 5 minutes, doubling with each attempt, a day at most. */
export const retryWaitMs = (attempts: number): number => Math.min(5 * 60_000 * 2 ** Math.max(0, attempts - 1), 24 * 3_600_000);

/** Whether an earlier claim may be taken: failed and waited, or stale. */
export function claimable(before: Pick<DigestSend, "status" | "updatedAt" | "attempts">, at: number, staleBefore: number): boolean {
  if (before.status === "failed") return before.attempts < MAX_SEND_ATTEMPTS && before.updatedAt + retryWaitMs(before.attempts) <= at;
  return before.status === "sending" && before.updatedAt < staleBefore;
}

export class MemoryDigestStore implements DigestStore {
  private readonly subscriptions = new Map<string, DigestSubscription>();
  private readonly sent = new Map<string, DigestSend>();

  async create(s: DigestSubscription): Promise<DigestSubscriptionCreation> {
    const own = [...this.subscriptions.values()].filter((x) => x.account === s.account);
    if (own.some((x) => x.addressKey === s.addressKey && x.cadence === s.cadence)) return "exists";
    if (own.length >= MAX_DIGEST_SUBSCRIPTIONS) return "full";
    this.subscriptions.set(s.id, { ...s });
    return "created";
  }

  async list(account: string): Promise<DigestSubscription[]> {
    return [...this.subscriptions.values()].filter((s) => s.account === account).sort((a, b) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : 1)).map((s) => ({ ...s }));
  }

  async get(id: string): Promise<DigestSubscription | null> {
    const s = this.subscriptions.get(id);
    return s ? { ...s } : null;
  }

  async confirm(id: string, at: number): Promise<boolean> {
    const s = this.subscriptions.get(id);
    if (!s) return false;
    s.confirmedAt ??= at;
    return true;
  }

  async delete(id: string): Promise<boolean> {
    for (const key of [...this.sent.keys()]) if (key.startsWith(`${id}\n`)) this.sent.delete(key);
    return this.subscriptions.delete(id);
  }

  async deleteAccount(account: string): Promise<void> {
    for (const s of [...this.subscriptions.values()]) if (s.account === account) await this.delete(s.id);
  }

  async claimSend(s: DigestSubscription, period: string, at: number, staleBefore: number): Promise<boolean> {
    const key = `${s.id}\n${period}`;
    const before = this.sent.get(key);
    if (!this.subscriptions.has(s.id) || (before && !claimable(before, at, staleBefore))) return false;
    this.sent.set(key, { subscriptionId: s.id, account: s.account, period, status: "sending", claimedAt: at, updatedAt: at, attempts: (before?.attempts ?? 0) + 1, detail: null });
    return true;
  }

  async finishSend(subscriptionId: string, period: string, claimedAt: number, status: "sent" | "failed", at: number, detail: string | null): Promise<void> {
    const send = this.sent.get(`${subscriptionId}\n${period}`);
    if (send && send.status === "sending" && send.claimedAt === claimedAt) Object.assign(send, { status, updatedAt: at, detail });
  }

  async sends(account: string, limit: number): Promise<DigestSend[]> {
    return [...this.sent.values()].filter((s) => s.account === account).sort((a, b) => b.claimedAt - a.claimedAt).slice(0, limit).map((s) => ({ ...s }));
  }
}
