// Alerts an account switched on, and their episodes. A rule is a kind of alert (lib/alerts/
// alert-kinds.ts) with the threshold the user chose. An episode is one stretch of time an alert's
// condition held for one subject (a currency's sales, a PSP's declines): opened when it starts
// to hold, resolved once it has not held for a quiet period. One episode of a subject is open
// at a time, across instances: opening one where another is open answers the open one. Its
// facts are figures and dimension values (no customer's personal data), as JSON.
export interface AlertRule {
  kind: string;
  enabled: boolean;
  /** In the kind's unit; null for a kind without one. */
  threshold: number | null;
  /** The zone "today" is read in, as the user had it when they set the rule. */
  timeZone: string;
}

export interface AlertEpisode {
  id: string;
  account: string;
  kind: string;
  /** What it is about, within the kind: "brl", "psp:pagarme", "purchases". */
  subject: string;
  /** Epoch ms. */
  openedAt: number;
  /** Since when the condition has not held (null while it holds). */
  clearSince: number | null;
  resolvedAt: number | null;
  /** The facts when it opened (what the "fired" message told), and the latest ones (JSON). */
  facts: string;
  lastFacts: string;
}

export interface AlertStore {
  rules(account: string): Promise<AlertRule[]>;
  setRule(account: string, rule: AlertRule): Promise<void>;
  /** Opens the episode unless one of its subject is open: answers the one that is open after. */
  open(episode: AlertEpisode): Promise<AlertEpisode>;
  /** Changes an episode's clearSince, resolvedAt and lastFacts. */
  update(id: string, change: Pick<AlertEpisode, "clearSince" | "resolvedAt" | "lastFacts">): Promise<void>;
  /** The account's episodes open, or opened or resolved at or after `since`; the newest first, `limit` at most. */
  episodes(account: string, options: { since: number; limit: number }): Promise<AlertEpisode[]>;
  /** Drops the kind's open episodes (the alert was switched off: it says nothing more of them). */
  dropOpen(account: string, kind: string): Promise<void>;
  deleteAccount(account: string): Promise<void>;
}

/** The episodes `episodes` answers: open, or touched since `since`. */
export const episodeShown = (e: Pick<AlertEpisode, "openedAt" | "resolvedAt">, since: number): boolean => e.resolvedAt === null || e.openedAt >= since || e.resolvedAt >= since;

export class MemoryAlertStore implements AlertStore {
  private readonly ruleRows = new Map<string, Map<string, AlertRule>>();
  private readonly rows = new Map<string, AlertEpisode>();

  async rules(account: string): Promise<AlertRule[]> {
    return [...(this.ruleRows.get(account)?.values() ?? [])].sort((a, b) => (a.kind < b.kind ? -1 : a.kind > b.kind ? 1 : 0)).map((r) => ({ ...r }));
  }

  async setRule(account: string, rule: AlertRule): Promise<void> {
    let rules = this.ruleRows.get(account);
    if (!rules) this.ruleRows.set(account, (rules = new Map()));
    rules.set(rule.kind, { ...rule });
  }

  async open(episode: AlertEpisode): Promise<AlertEpisode> {
    const open = [...this.rows.values()].find((e) => e.account === episode.account && e.kind === episode.kind && e.subject === episode.subject && e.resolvedAt === null);
    if (open) return { ...open };
    this.rows.set(episode.id, { ...episode });
    return { ...episode };
  }

  async update(id: string, change: Pick<AlertEpisode, "clearSince" | "resolvedAt" | "lastFacts">): Promise<void> {
    const e = this.rows.get(id);
    if (e) Object.assign(e, { clearSince: change.clearSince, resolvedAt: change.resolvedAt, lastFacts: change.lastFacts });
  }

  async episodes(account: string, options: { since: number; limit: number }): Promise<AlertEpisode[]> {
    return [...this.rows.values()]
      .filter((e) => e.account === account && episodeShown(e, options.since))
      .sort((a, b) => b.openedAt - a.openedAt || (a.id < b.id ? -1 : 1))
      .slice(0, options.limit)
      .map((e) => ({ ...e }));
  }

  async dropOpen(account: string, kind: string): Promise<void> {
    for (const [id, e] of this.rows) if (e.account === account && e.kind === kind && e.resolvedAt === null) this.rows.delete(id);
  }

  async deleteAccount(account: string): Promise<void> {
    this.ruleRows.delete(account);
    for (const [id, e] of this.rows) if (e.account === account) this.rows.delete(id);
  }
}
