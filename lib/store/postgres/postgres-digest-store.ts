import "server-only";

// Digest subscriptions and sends in PostgreSQL, shared by every instance; same contract as the
// SQLite store. A subscription's insert takes an advisory lock on the account (two instances
// cannot both pass the count check); a send's claim is one statement on the (subscription,
// period) key, so of two instances claiming the same period at once exactly one wins.
import type { Pool } from "pg";
import { MAX_DIGEST_SUBSCRIPTIONS, MAX_SEND_ATTEMPTS, type DigestSend, type DigestStore, type DigestSubscription, type DigestSubscriptionCreation } from "../digest-store";
import { inTransaction, storePool, type PostgresPoolOptions } from "./pool";

interface SubscriptionRow { id: string; account: string; sealed_address: Buffer; address_key: string; cadence: DigestSubscription["cadence"]; locale: string; time_zone: string; key_type: DigestSubscription["keyType"]; created_at: string; confirmed_at: string | null }
interface SendRow { subscription_id: string; account: string; period: string; status: DigestSend["status"]; claimed_at: string; updated_at: string; attempts: number; detail: string | null }

const toSubscription = (r: SubscriptionRow): DigestSubscription => ({ id: r.id, account: r.account, sealedAddress: r.sealed_address, addressKey: r.address_key, cadence: r.cadence, locale: r.locale, timeZone: r.time_zone, keyType: r.key_type, createdAt: Number(r.created_at), confirmedAt: r.confirmed_at === null ? null : Number(r.confirmed_at) });
const toSend = (r: SendRow): DigestSend => ({ subscriptionId: r.subscription_id, account: r.account, period: r.period, status: r.status, claimedAt: Number(r.claimed_at), updatedAt: Number(r.updated_at), attempts: r.attempts, detail: r.detail });

export class PostgresDigestStore implements DigestStore {
  private readonly pool: Pool;
  private readonly ownsPool: boolean;

  /** On a shared pool, or on a URL (the store then owns its pool and ends it on close). */
  constructor(connection: Pool | string, options?: PostgresPoolOptions) {
    ({ pool: this.pool, owned: this.ownsPool } = storePool(connection, options));
  }

  async create(s: DigestSubscription): Promise<DigestSubscriptionCreation> {
    return inTransaction(this.pool, async (client) => {
      await client.query("SELECT pg_advisory_xact_lock(hashtext('salesdash_digest_subscriptions:' || $1))", [s.account]);
      const { rows } = await client.query<{ taken: boolean; n: string }>(
        "SELECT bool_or(address_key = $2 AND cadence = $3) AS taken, count(*) AS n FROM salesdash_digest_subscriptions WHERE account = $1",
        [s.account, s.addressKey, s.cadence],
      );
      const answer: DigestSubscriptionCreation = rows[0]?.taken ? "exists" : Number(rows[0]?.n ?? 0) >= MAX_DIGEST_SUBSCRIPTIONS ? "full" : "created";
      if (answer === "created") {
        await client.query(
          "INSERT INTO salesdash_digest_subscriptions (id, account, sealed_address, address_key, cadence, locale, time_zone, key_type, created_at, confirmed_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
          [s.id, s.account, s.sealedAddress, s.addressKey, s.cadence, s.locale, s.timeZone, s.keyType, s.createdAt, s.confirmedAt],
        );
      }
      return answer;
    });
  }

  async list(account: string): Promise<DigestSubscription[]> {
    const { rows } = await this.pool.query<SubscriptionRow>("SELECT * FROM salesdash_digest_subscriptions WHERE account = $1 ORDER BY created_at, id", [account]);
    return rows.map(toSubscription);
  }

  async get(id: string): Promise<DigestSubscription | null> {
    const { rows } = await this.pool.query<SubscriptionRow>("SELECT * FROM salesdash_digest_subscriptions WHERE id = $1", [id]);
    return rows[0] ? toSubscription(rows[0]) : null;
  }

  async confirm(id: string, at: number): Promise<boolean> {
    const { rowCount } = await this.pool.query("UPDATE salesdash_digest_subscriptions SET confirmed_at = coalesce(confirmed_at, $2) WHERE id = $1", [id, at]);
    return (rowCount ?? 0) > 0;
  }

  async delete(id: string): Promise<boolean> {
    const { rowCount } = await this.pool.query("DELETE FROM salesdash_digest_subscriptions WHERE id = $1", [id]);
    return (rowCount ?? 0) > 0;
  }

  async deleteAccount(account: string): Promise<void> {
    await this.pool.query("DELETE FROM salesdash_digest_subscriptions WHERE account = $1", [account]);
  }

  async claimSend(s: DigestSubscription, period: string, at: number, staleBefore: number): Promise<boolean> {
    // Inserted (while the subscription exists), or taken over from a failed claim that has
    // waited (claimable() in digest-store.ts, written again in SQL) or a stale one; a live or
    // finished claim is left as it is.
    try {
      const { rowCount } = await this.pool.query(
        `INSERT INTO salesdash_digest_sends (subscription_id, account, period, status, claimed_at, updated_at, attempts, detail)
         SELECT $1, $2, $3, 'sending', $4, $4, 1, NULL WHERE EXISTS (SELECT 1 FROM salesdash_digest_subscriptions WHERE id = $1)
         ON CONFLICT (subscription_id, period) DO UPDATE SET status = 'sending', claimed_at = $4, updated_at = $4, attempts = salesdash_digest_sends.attempts + 1, detail = NULL
         WHERE (salesdash_digest_sends.status = 'failed' AND salesdash_digest_sends.attempts < $6
                AND salesdash_digest_sends.updated_at + LEAST(300000 * power(2, GREATEST(salesdash_digest_sends.attempts - 1, 0)), 86400000) <= $4)
            OR (salesdash_digest_sends.status = 'sending' AND salesdash_digest_sends.updated_at < $5)`,
        [s.id, s.account, period, at, staleBefore, MAX_SEND_ATTEMPTS],
      );
      return (rowCount ?? 0) > 0;
    } catch (error) {
      // The subscription deleted between the check and the insert: nothing to send.
      if ((error as { code?: string }).code === "23503") return false;
      throw error;
    }
  }

  async finishSend(subscriptionId: string, period: string, claimedAt: number, status: "sent" | "failed", at: number, detail: string | null): Promise<void> {
    await this.pool.query("UPDATE salesdash_digest_sends SET status = $4, updated_at = $5, detail = $6 WHERE subscription_id = $1 AND period = $2 AND status = 'sending' AND claimed_at = $3", [subscriptionId, period, claimedAt, status, at, detail]);
  }

  async sends(account: string, limit: number): Promise<DigestSend[]> {
    const { rows } = await this.pool.query<SendRow>("SELECT * FROM salesdash_digest_sends WHERE account = $1 ORDER BY claimed_at DESC, period DESC LIMIT $2", [account, limit]);
    return rows.map(toSend);
  }

  async close(): Promise<void> {
    if (this.ownsPool) await this.pool.end();
  }
}
