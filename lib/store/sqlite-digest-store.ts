import "server-only";

// Digest subscriptions and sends in one SQLite file under the data directory. The count and the
// address are checked, and a send claimed, each in one transaction.
import type Database from "better-sqlite3";
import { openPrivateSqlite } from "./private-sqlite";
import { claimable, MAX_DIGEST_SUBSCRIPTIONS, type DigestSend, type DigestStore, type DigestSubscription, type DigestSubscriptionCreation } from "./digest-store";

interface SubscriptionRow { id: string; account: string; sealed_address: Buffer; address_key: string; cadence: DigestSubscription["cadence"]; locale: string; time_zone: string; key_type: DigestSubscription["keyType"]; created_at: number; confirmed_at: number | null }
interface SendRow { subscription_id: string; account: string; period: string; status: DigestSend["status"]; claimed_at: number; updated_at: number; attempts: number; detail: string | null }

const toSubscription = (r: SubscriptionRow): DigestSubscription => ({ id: r.id, account: r.account, sealedAddress: Buffer.from(r.sealed_address), addressKey: r.address_key, cadence: r.cadence, locale: r.locale, timeZone: r.time_zone, keyType: r.key_type, createdAt: r.created_at, confirmedAt: r.confirmed_at });
const toSend = (r: SendRow): DigestSend => ({ subscriptionId: r.subscription_id, account: r.account, period: r.period, status: r.status, claimedAt: r.claimed_at, updatedAt: r.updated_at, attempts: r.attempts, detail: r.detail });

export class SqliteDigestStore implements DigestStore {
  private readonly db: Database.Database;
  private readonly insert: (s: DigestSubscription) => DigestSubscriptionCreation;
  private readonly claim: (s: DigestSubscription, period: string, at: number, staleBefore: number) => boolean;
  private readonly remove: (id: string) => boolean;

  constructor(file: string) {
    this.db = openPrivateSqlite(file);
    this.db.exec(`CREATE TABLE IF NOT EXISTS digest_subscriptions (
      id TEXT PRIMARY KEY, account TEXT NOT NULL, sealed_address BLOB NOT NULL, address_key TEXT NOT NULL, cadence TEXT NOT NULL,
      locale TEXT NOT NULL, time_zone TEXT NOT NULL, key_type TEXT NOT NULL, created_at INTEGER NOT NULL, confirmed_at INTEGER,
      UNIQUE (account, address_key, cadence));
    CREATE TABLE IF NOT EXISTS digest_sends (
      subscription_id TEXT NOT NULL, account TEXT NOT NULL, period TEXT NOT NULL, status TEXT NOT NULL, claimed_at INTEGER NOT NULL,
      updated_at INTEGER NOT NULL, attempts INTEGER NOT NULL, detail TEXT, PRIMARY KEY (subscription_id, period));
    CREATE INDEX IF NOT EXISTS digest_sends_account ON digest_sends (account, claimed_at);`);
    this.insert = this.db.transaction((s: DigestSubscription): DigestSubscriptionCreation => {
      if (this.db.prepare("SELECT 1 FROM digest_subscriptions WHERE account = ? AND address_key = ? AND cadence = ?").get(s.account, s.addressKey, s.cadence)) return "exists";
      const { n } = this.db.prepare("SELECT count(*) AS n FROM digest_subscriptions WHERE account = ?").get(s.account) as { n: number };
      if (n >= MAX_DIGEST_SUBSCRIPTIONS) return "full";
      this.db.prepare("INSERT INTO digest_subscriptions (id, account, sealed_address, address_key, cadence, locale, time_zone, key_type, created_at, confirmed_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
        .run(s.id, s.account, s.sealedAddress, s.addressKey, s.cadence, s.locale, s.timeZone, s.keyType, s.createdAt, s.confirmedAt);
      return "created";
    });
    this.claim = this.db.transaction((s: DigestSubscription, period: string, at: number, staleBefore: number): boolean => {
      if (!this.db.prepare("SELECT 1 FROM digest_subscriptions WHERE id = ?").get(s.id)) return false;
      const before = this.db.prepare("SELECT status, updated_at, attempts FROM digest_sends WHERE subscription_id = ? AND period = ?").get(s.id, period) as { status: DigestSend["status"]; updated_at: number; attempts: number } | undefined;
      if (before && !claimable({ status: before.status, updatedAt: before.updated_at, attempts: before.attempts }, at, staleBefore)) return false;
      this.db.prepare("INSERT OR REPLACE INTO digest_sends (subscription_id, account, period, status, claimed_at, updated_at, attempts, detail) VALUES (?, ?, ?, 'sending', ?, ?, ?, NULL)")
        .run(s.id, s.account, period, at, at, (before?.attempts ?? 0) + 1);
      return true;
    });
    this.remove = this.db.transaction((id: string): boolean => {
      this.db.prepare("DELETE FROM digest_sends WHERE subscription_id = ?").run(id);
      return this.db.prepare("DELETE FROM digest_subscriptions WHERE id = ?").run(id).changes > 0;
    });
  }

  async create(s: DigestSubscription): Promise<DigestSubscriptionCreation> {
    return this.insert(s);
  }

  async list(account: string): Promise<DigestSubscription[]> {
    return (this.db.prepare("SELECT * FROM digest_subscriptions WHERE account = ? ORDER BY created_at, id").all(account) as SubscriptionRow[]).map(toSubscription);
  }

  async get(id: string): Promise<DigestSubscription | null> {
    const row = this.db.prepare("SELECT * FROM digest_subscriptions WHERE id = ?").get(id) as SubscriptionRow | undefined;
    return row ? toSubscription(row) : null;
  }

  async confirm(id: string, at: number): Promise<boolean> {
    return this.db.prepare("UPDATE digest_subscriptions SET confirmed_at = coalesce(confirmed_at, ?) WHERE id = ?").run(at, id).changes > 0;
  }

  async delete(id: string): Promise<boolean> {
    return this.remove(id);
  }

  async deleteAccount(account: string): Promise<void> {
    this.db.transaction(() => {
      this.db.prepare("DELETE FROM digest_sends WHERE account = ?").run(account);
      this.db.prepare("DELETE FROM digest_subscriptions WHERE account = ?").run(account);
    })();
  }

  async claimSend(s: DigestSubscription, period: string, at: number, staleBefore: number): Promise<boolean> {
    return this.claim(s, period, at, staleBefore);
  }

  async finishSend(subscriptionId: string, period: string, claimedAt: number, status: "sent" | "failed", at: number, detail: string | null): Promise<void> {
    this.db.prepare("UPDATE digest_sends SET status = ?, updated_at = ?, detail = ? WHERE subscription_id = ? AND period = ? AND status = 'sending' AND claimed_at = ?").run(status, at, detail, subscriptionId, period, claimedAt);
  }

  async sends(account: string, limit: number): Promise<DigestSend[]> {
    return (this.db.prepare("SELECT * FROM digest_sends WHERE account = ? ORDER BY claimed_at DESC, period DESC LIMIT ?").all(account, limit) as SendRow[]).map(toSend);
  }
}
