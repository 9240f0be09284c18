import "server-only";

// Alert rules and episodes in PostgreSQL, shared by every instance; same contract as the SQLite
// store. Opening an episode is an insert that the partial unique index (one open per subject)
// turns away when another is open, then a read of the one open.
import type { Pool } from "pg";
import type { AlertEpisode, AlertRule, AlertStore } from "../alert-store";
import { storePool, type PostgresPoolOptions } from "./pool";

interface EpisodeRow { id: string; account: string; kind: string; subject: string; opened_at: string; clear_since: string | null; resolved_at: string | null; facts: string; last_facts: string }

const num = (v: string | null): number | null => (v === null ? null : Number(v));
const toEpisode = (r: EpisodeRow): AlertEpisode => ({ id: r.id, account: r.account, kind: r.kind, subject: r.subject, openedAt: Number(r.opened_at), clearSince: num(r.clear_since), resolvedAt: num(r.resolved_at), facts: r.facts, lastFacts: r.last_facts });

export class PostgresAlertStore implements AlertStore {
  private readonly pool: Pool;
  private readonly ownsPool: boolean;

  /** On a shared pool, or on a URL (the store then owns its pool and ends it on close). */
  constructor(connection: Pool | string, options?: PostgresPoolOptions) {
    ({ pool: this.pool, owned: this.ownsPool } = storePool(connection, options));
  }

  async rules(account: string): Promise<AlertRule[]> {
    const { rows } = await this.pool.query<{ kind: string; enabled: boolean; threshold: number | null; time_zone: string }>("SELECT kind, enabled, threshold, time_zone FROM salesdash_alert_rules WHERE account = $1 ORDER BY kind", [account]);
    return rows.map((r) => ({ kind: r.kind, enabled: r.enabled, threshold: r.threshold, timeZone: r.time_zone }));
  }

  async setRule(account: string, rule: AlertRule): Promise<void> {
    await this.pool.query(
      "INSERT INTO salesdash_alert_rules (account, kind, enabled, threshold, time_zone) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (account, kind) DO UPDATE SET enabled = EXCLUDED.enabled, threshold = EXCLUDED.threshold, time_zone = EXCLUDED.time_zone",
      [account, rule.kind, rule.enabled, rule.threshold, rule.timeZone],
    );
  }

  async open(e: AlertEpisode): Promise<AlertEpisode> {
    await this.pool.query(
      "INSERT INTO salesdash_alert_episodes (id, account, kind, subject, opened_at, clear_since, resolved_at, facts, last_facts) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT DO NOTHING",
      [e.id, e.account, e.kind, e.subject, e.openedAt, e.clearSince, e.resolvedAt, e.facts, e.lastFacts],
    );
    const { rows } = await this.pool.query<EpisodeRow>("SELECT * FROM salesdash_alert_episodes WHERE account = $1 AND kind = $2 AND subject = $3 AND resolved_at IS NULL", [e.account, e.kind, e.subject]);
    // Resolved between the insert and the read by another instance: the one inserted is told.
    return rows[0] ? toEpisode(rows[0]) : { ...e };
  }

  async update(id: string, change: Pick<AlertEpisode, "clearSince" | "resolvedAt" | "lastFacts">): Promise<void> {
    await this.pool.query("UPDATE salesdash_alert_episodes SET clear_since = $2, resolved_at = $3, last_facts = $4 WHERE id = $1", [id, change.clearSince, change.resolvedAt, change.lastFacts]);
  }

  async episodes(account: string, options: { since: number; limit: number }): Promise<AlertEpisode[]> {
    const { rows } = await this.pool.query<EpisodeRow>(
      "SELECT * FROM salesdash_alert_episodes WHERE account = $1 AND (resolved_at IS NULL OR opened_at >= $2 OR resolved_at >= $2) ORDER BY opened_at DESC, id LIMIT $3",
      [account, options.since, options.limit],
    );
    return rows.map(toEpisode);
  }

  async dropOpen(account: string, kind: string): Promise<void> {
    await this.pool.query("DELETE FROM salesdash_alert_episodes WHERE account = $1 AND kind = $2 AND resolved_at IS NULL", [account, kind]);
  }

  async deleteAccount(account: string): Promise<void> {
    await this.pool.query("DELETE FROM salesdash_alert_rules WHERE account = $1", [account]);
    await this.pool.query("DELETE FROM salesdash_alert_episodes WHERE account = $1", [account]);
  }

  async close(): Promise<void> {
    if (this.ownsPool) await this.pool.end();
  }
}
