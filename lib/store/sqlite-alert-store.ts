import "server-only";

// Alert rules and episodes in one SQLite file under the data directory. A partial unique index
// keeps one open episode per subject; opening reads back whichever is open.
import type Database from "better-sqlite3";
import { openPrivateSqlite } from "./private-sqlite";
import type { AlertEpisode, AlertRule, AlertStore } from "./alert-store";

interface EpisodeRow { id: string; account: string; kind: string; subject: string; opened_at: number; clear_since: number | null; resolved_at: number | null; facts: string; last_facts: string }

const toEpisode = (r: EpisodeRow): AlertEpisode => ({ id: r.id, account: r.account, kind: r.kind, subject: r.subject, openedAt: r.opened_at, clearSince: r.clear_since, resolvedAt: r.resolved_at, facts: r.facts, lastFacts: r.last_facts });

export class SqliteAlertStore implements AlertStore {
  private readonly db: Database.Database;

  constructor(file: string) {
    this.db = openPrivateSqlite(file);
    this.db.exec(`CREATE TABLE IF NOT EXISTS alert_rules (
      account TEXT NOT NULL, kind TEXT NOT NULL, enabled INTEGER NOT NULL, threshold REAL, time_zone TEXT NOT NULL, PRIMARY KEY (account, kind));
    CREATE TABLE IF NOT EXISTS alert_episodes (
      id TEXT PRIMARY KEY, account TEXT NOT NULL, kind TEXT NOT NULL, subject TEXT NOT NULL, opened_at INTEGER NOT NULL,
      clear_since INTEGER, resolved_at INTEGER, facts TEXT NOT NULL, last_facts TEXT NOT NULL);
    CREATE UNIQUE INDEX IF NOT EXISTS alert_episodes_open ON alert_episodes (account, kind, subject) WHERE resolved_at IS NULL;
    CREATE INDEX IF NOT EXISTS alert_episodes_account ON alert_episodes (account, opened_at);`);
  }

  async rules(account: string): Promise<AlertRule[]> {
    return (this.db.prepare("SELECT kind, enabled, threshold, time_zone FROM alert_rules WHERE account = ? ORDER BY kind").all(account) as Array<{ kind: string; enabled: number; threshold: number | null; time_zone: string }>).map((r) => ({ kind: r.kind, enabled: r.enabled === 1, threshold: r.threshold, timeZone: r.time_zone }));
  }

  async setRule(account: string, rule: AlertRule): Promise<void> {
    this.db.prepare("INSERT INTO alert_rules (account, kind, enabled, threshold, time_zone) VALUES (?, ?, ?, ?, ?) ON CONFLICT (account, kind) DO UPDATE SET enabled = excluded.enabled, threshold = excluded.threshold, time_zone = excluded.time_zone").run(account, rule.kind, rule.enabled ? 1 : 0, rule.threshold, rule.timeZone);
  }

  async open(e: AlertEpisode): Promise<AlertEpisode> {
    this.db.prepare("INSERT INTO alert_episodes (id, account, kind, subject, opened_at, clear_since, resolved_at, facts, last_facts) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING")
      .run(e.id, e.account, e.kind, e.subject, e.openedAt, e.clearSince, e.resolvedAt, e.facts, e.lastFacts);
    const open = this.db.prepare("SELECT * FROM alert_episodes WHERE account = ? AND kind = ? AND subject = ? AND resolved_at IS NULL").get(e.account, e.kind, e.subject) as EpisodeRow | undefined;
    return open ? toEpisode(open) : { ...e };
  }

  async update(id: string, change: Pick<AlertEpisode, "clearSince" | "resolvedAt" | "lastFacts">): Promise<void> {
    this.db.prepare("UPDATE alert_episodes SET clear_since = ?, resolved_at = ?, last_facts = ? WHERE id = ?").run(change.clearSince, change.resolvedAt, change.lastFacts, id);
  }

  async episodes(account: string, options: { since: number; limit: number }): Promise<AlertEpisode[]> {
    return (this.db.prepare("SELECT * FROM alert_episodes WHERE account = ? AND (resolved_at IS NULL OR opened_at >= ? OR resolved_at >= ?) ORDER BY opened_at DESC, id LIMIT ?").all(account, options.since, options.since, options.limit) as EpisodeRow[]).map(toEpisode);
  }

  async dropOpen(account: string, kind: string): Promise<void> {
    this.db.prepare("DELETE FROM alert_episodes WHERE account = ? AND kind = ? AND resolved_at IS NULL").run(account, kind);
  }

  async deleteAccount(account: string): Promise<void> {
    this.db.transaction(() => {
      this.db.prepare("DELETE FROM alert_rules WHERE account = ?").run(account);
      this.db.prepare("DELETE FROM alert_episodes WHERE account = ?").run(account);
    })();
  }
}
