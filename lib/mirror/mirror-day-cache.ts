import "server-only";

// The account's persistent mirror as the range reader's day store (range-reader.ts): the
// reader asks it for each day and writes back what the upstream answered; only days it does not hold, or holds beyond their
// freshness (freshness-policy.ts), go upstream. One instance serves one account, whose key
// it was given; it answers nothing for another identity. Beside each day's records it keeps
// the day's digest (day-digesters.ts: the purchase summary a report reads instead of opening
// a million records), sealed the same way, and its notes (how many records were invalid or
// odd-shaped: a count in clear, so that a report reading a fact table opens no day whose notes
// are 0, getMarks); a day of purchases or orders is also written as
// rows of its fact table. A day of refunds or chargebacks written marks the older copies of
// the sales it touches stale (touched-sales.ts).
import { log } from "@/lib/log/server-log";
import { parseDayKey, type CachedDay, type DayStore, type DayDigester, type DigestedDay } from "./day-store";
import type { MemoryDayStore } from "./memory-day-store";
import type { MirrorDay, MirrorDayMeta, MirrorDigest, MirrorStore } from "@/lib/store/mirror-store";
import { shiftDay, type IsoDay } from "@/lib/calendar";
import { PURCHASE_CUSTOMERS_PART, type FactTables } from "./fact-tables";
import { isFresh, maxAgeFor, type FreshnessPolicy } from "./freshness-policy";
import { openDay, sealDay } from "./mirror-cipher";
import { keyTag, sharedDigest, type OpenedDigest } from "./opened-digests";
import { EVENT_RESOURCES, expireTouchedSaleDays } from "./touched-sales";
import { nextSlice, SliceClock } from "@/lib/work-slices";

/**
 * Two years of days are read and opened on the main thread (the SQLite store is synchronous, and
 * each digest is decrypted, inflated and parsed): at scale 20 that held the event loop for
 * seconds while sign-in waited (docs/benchmarks.md, "bench:reports at --scale 20 on SQLite"). The
 * store is read DIGEST_READ_DAYS days at a time and the opening runs in slices that take turns
 * with other requests' work (lib/work-slices.ts).
 */
const DIGEST_READ_DAYS = 184;

/** The fact table's marks read at once from a day on (the days after it: a range reader opens its days oldest first). */
const FACT_MARKS_READ = 64;

/** Sealed days read in one statement by getMany: a month of purchases at scale 20 is ~3 MB sealed (a day 87 KB on average, 665 KB at most). */
const OPENED_READ_DAYS = 31;

interface Payload { records: unknown[]; invalid?: unknown[]; oddShapes?: number }
type DigestPayload = OpenedDigest;

/** The digester of each resource whose days carry one. */
export type DayDigesters = Partial<Record<string, DayDigester>>;

export class MirrorDayCache implements DayStore {
  constructor(
    private readonly store: MirrorStore,
    private readonly account: string,
    private readonly key: Buffer,
    private readonly policy: FreshnessPolicy,
    private readonly clock: () => number = Date.now,
    /** Days opened recently, in memory (bounded): paging a table does not decrypt its range again. */
    private readonly decoded?: MemoryDayStore,
    private readonly digesters: DayDigesters = {},
    /** The fact tables by resource: a day stored here replaces that day's rows in its resource's table. */
    private readonly factTables: FactTables = {},
  ) {
    this.keyTag = keyTag(key);
  }

  /** Names this cache's key among the digests opened for every request (opened-digests.ts). */
  private readonly keyTag: string;

  /**
   * The fact tables' marks read so far (the fetch time of a day's rows; null: no rows), per
   * resource and day. A range opened a day at a time (a records table's columns, the records
   * path) asks its fact table once per FACT_MARKS_READ days, not once a day: one statement a day
   * took a first Refunds visit ~0.3 s at scale 20, each waiting its turn in the store's thread
   * behind the report's own reads. A mark read here and changed since costs at most a day's rows
   * written again from the sealed day (backfillFacts): the rows always carry their own mark.
   */
  private readonly factMarks = new Map<string, Map<string, number | null>>();

  /** The fact table that keeps a resource's days as rows, if any. */
  private factTable(resource: string): { fetchedAt(day: string): Promise<number | null>; replace(day: string, fetchedAt: number, records: unknown[]): Promise<void>; event: string } | undefined {
    const table = this.factTables[resource];
    if (!table) return undefined;
    const account = this.account;
    const marks = this.factMarks.get(resource) ?? this.factMarks.set(resource, new Map()).get(resource)!;
    return {
      fetchedAt: async (day) => {
        if (!marks.has(day)) {
          const days = Array.from({ length: FACT_MARKS_READ }, (_, i) => shiftDay(day as IsoDay, i));
          const read = new Map((await table.store.readDayMeta(account, days)).map((m) => [m.day, m.fetchedAt]));
          for (const d of days) if (!marks.has(d)) marks.set(d, read.get(d) ?? null);
        }
        return marks.get(day) ?? null;
      },
      replace: async (day, fetchedAt, records) => {
        await table.store.replaceDay(account, day, fetchedAt, table.rowsOf(records) as never[], table.sealedOf ? sealDay(this.key, this.partAssociated(resource, day, fetchedAt), table.sealedOf(records)) : undefined);
        marks.set(day, fetchedAt);
      },
      event: table.unwritten,
    };
  }

  private associated(resource: string, day: string): string {
    return `${this.account}|${resource}|${day}`;
  }

  /** A fact table's sealed part of a day is bound to the day and to the fetch its rows were made from. */
  private partAssociated(resource: string, day: string, fetchedAt: number): string {
    return `${this.associated(resource, day)}|${PURCHASE_CUSTOMERS_PART}|${fetchedAt}`;
  }

  /** A fact table's sealed part of one of this account's days (the purchases CSV's customer cells), opened; undefined when it is not this account's or cannot be opened. */
  openFactPart(key: string, fetchedAt: number, sealed: Uint8Array): unknown {
    const { identity, resource, day } = parseDayKey(key);
    if (identity !== this.account) return undefined;
    try {
      return openDay(this.key, this.partAssociated(resource, day, fetchedAt), Buffer.from(sealed.buffer, sealed.byteOffset, sealed.byteLength));
    } catch {
      log("warn", { event: "mirror_day_unreadable" });
      return undefined;
    }
  }

  /** A digest is bound to its day and to its format's name, as the records are to their day. */
  private digestAssociated(resource: string, day: string, name: string): string {
    return `${this.associated(resource, day)}|digest:${name}`;
  }

  private sealDigest(resource: string, day: string, digester: DayDigester, payload: DigestPayload): MirrorDigest {
    return { name: digester.name, sealed: sealDay(this.key, this.digestAssociated(resource, day, digester.name), payload) };
  }

  async getDigest(key: string, digester: DayDigester): Promise<DigestedDay | undefined> {
    return (await this.getDigests([key], digester))[0];
  }

  async getDigests(keys: readonly string[], digester: DayDigester): Promise<Array<DigestedDay | undefined>> {
    const parsed = keys.map(parseDayKey);
    const resources = new Set(parsed.map((k) => k.resource));
    const ours = parsed.filter((k) => k.identity === this.account);
    // A few reads of the store for a range of one resource (what the range reader asks); else a few per resource.
    const rows = new Map<string, MirrorDayMeta & { digest: MirrorDigest | null }>();
    for (const resource of resources) {
      const days = ours.filter((k) => k.resource === resource).map((k) => k.day);
      for (let at = 0; at < days.length; at += DIGEST_READ_DAYS) {
        if (at > 0) await nextSlice();
        for (const row of await this.store.readDigests(this.account, resource, days.slice(at, at + DIGEST_READ_DAYS))) rows.set(`${resource}|${row.day}`, row);
      }
    }
    const answers: Array<DigestedDay | undefined> = [];
    const slice = new SliceClock();
    for (const [i, { identity, resource, day }] of parsed.entries()) {
      const row = identity === this.account ? rows.get(`${resource}|${day}`) : undefined;
      answers.push(row ? await this.digestOf(keys[i] as string, row, digester) : undefined);
      await slice.tick();
    }
    return answers;
  }

  /**
   * The days as the fetch report needs them (DayStore's getMarks): a day whose notes say none of
   * its records was invalid or odd-shaped is answered from its meta, nothing opened; the others,
   * and the days written before notes were kept, by their digests, which count them: those days'
   * notes are written then, so the next report opens nothing for them either.
   */
  async getMarks(keys: readonly string[], digester: DayDigester): Promise<Array<DigestedDay | undefined>> {
    const held = await this.freshRows(keys, (resource, days) => this.store.readMarks(this.account, resource, days));
    const toOpen = keys.filter((_, i) => held[i] !== undefined && held[i].notes !== 0);
    const opened = toOpen.length > 0 ? await this.getDigests(toOpen, digester) : [];
    const openedByKey = new Map(toOpen.map((key, i) => [key, opened[i]]));
    const counted = new Map<string, Array<{ day: string; fetchedAt: number; notes: number }>>();
    const answers = keys.map((key, i): DigestedDay | undefined => {
      const m = held[i];
      if (!m) return undefined;
      if (m.notes === 0) return { complete: m.complete, fetchedAt: m.fetchedAt, count: m.count, digest: null, invalid: [], oddShapes: 0 };
      const day = openedByKey.get(key);
      if (day && m.notes === null && day.fetchedAt === m.fetchedAt) {
        const list = counted.get(m.resource) ?? [];
        counted.set(m.resource, list);
        list.push({ day: m.day, fetchedAt: m.fetchedAt, notes: (day.invalid?.length ?? 0) + (day.oddShapes ?? 0) });
      }
      return day && { ...day, digest: null };
    });
    for (const [resource, notes] of counted) {
      // Only a saving for the next report: a failure here changes no answer.
      await this.store.writeNotes(this.account, resource, notes).catch(() => log("warn", { event: "mirror_notes_unwritten" }));
    }
    return answers;
  }

  private async digestOf(key: string, row: MirrorDayMeta & { digest: MirrorDigest | null }, digester: DayDigester): Promise<DigestedDay | undefined> {
    const { resource, day } = row;
    if (!isFresh(day, row.fetchedAt, this.clock(), this.policy)) return undefined;
    const meta = { complete: row.complete, fetchedAt: row.fetchedAt, count: row.count };
    if (row.digest?.name === digester.name) {
      const { sealed } = row.digest;
      const associated = this.digestAssociated(resource, day, digester.name);
      try {
        return { ...meta, ...sharedDigest(`${this.keyTag}\n${associated}`, sealed, () => openDay(this.key, associated, sealed) as DigestPayload) };
      } catch {
        log("warn", { event: "mirror_day_unreadable" });
        return undefined;
      }
    }
    // A day stored before it had a digest of this format: made once from its records, and kept.
    const opened = await this.get(key);
    if (!opened || opened.fetchedAt !== row.fetchedAt) return undefined;
    const { records, invalid, oddShapes } = opened as CachedDay & DigestPayload;
    const payload: DigestPayload = { digest: digester.of(records, { fetchedAt: row.fetchedAt }), invalid: invalid ?? [], oddShapes: oddShapes ?? 0 };
    await this.store.writeDigest(this.account, resource, day, row.fetchedAt, this.sealDigest(resource, day, digester, payload));
    return { ...meta, ...payload };
  }

  /** What the mirror holds of the day, when it is this account's and still fresh. */
  private async freshMeta(key: string): Promise<MirrorDayMeta | undefined> {
    return (await this.freshRows([key], (resource, days) => this.store.readMeta(this.account, resource, days)))[0];
  }

  async get(key: string, options: { remember?: boolean } = {}): Promise<CachedDay | undefined> {
    return (await this.getMany([key], options))[0];
  }

  /**
   * `get` for many days, in the keys' order: their marks in one read of the store, then the
   * sealed days not already open in one read per resource and OPENED_READ_DAYS days. A range read
   * a day at a time took three statements a day: the Refunds' records tables' columns, which
   * open up to ~250 days of chargebacks, waited ~1 s for them on PostgreSQL (docs/benchmarks.md).
   */
  async getMany(keys: readonly string[], options: { remember?: boolean } = {}): Promise<Array<CachedDay | undefined>> {
    const metas = await this.freshRows(keys, (resource, days) => this.store.readMeta(this.account, resource, days));
    const answers: Array<CachedDay | undefined> = new Array(keys.length).fill(undefined);
    // The same copy of a day, already opened by an earlier report (a table's next page), is not read again.
    const unopened = new Map<string, number[]>();
    for (let i = 0; i < keys.length; i++) {
      const meta = metas[i];
      if (!meta) continue;
      const hit = await this.decoded?.get(`${keys[i]}|${meta.fetchedAt}`);
      if (hit) answers[i] = hit;
      else (unopened.get(meta.resource) ?? unopened.set(meta.resource, []).get(meta.resource)!).push(i);
    }
    // Opening a day decrypts, inflates and parses it on the event loop: in slices that take turns.
    const slice = new SliceClock();
    for (const [resource, indexes] of unopened) {
      for (let at = 0; at < indexes.length; at += OPENED_READ_DAYS) {
        const read = indexes.slice(at, at + OPENED_READ_DAYS);
        const rows = new Map((await this.store.readDays(this.account, resource, read.map((i) => metas[i]!.day))).map((row) => [row.day, row]));
        for (const i of read) {
          const meta = metas[i]!;
          const row = rows.get(meta.day);
          // Written again between the two reads: the day is another fetch than the marks said.
          if (row && row.fetchedAt === meta.fetchedAt) answers[i] = await this.opened(keys[i]!, row, options);
          await slice.tick();
        }
      }
    }
    return answers;
  }

  /** A sealed day read from the store, opened (its fact rows written where they lack it) and, unless told not to, kept open. */
  private async opened(key: string, row: MirrorDay, options: { remember?: boolean }): Promise<CachedDay | undefined> {
    const { resource, day } = row;
    try {
      const payload = openDay(this.key, this.associated(resource, day), row.sealed) as Payload;
      const cached = { ...payload, complete: row.complete, fetchedAt: row.fetchedAt };
      await this.backfillFacts(resource, day, row.fetchedAt, payload.records);
      if (options.remember !== false) await this.decoded?.set(`${key}|${row.fetchedAt}`, cached, maxAgeFor(day, this.clock(), this.policy));
      return cached;
    } catch {
      // Sealed under another key (the server secret changed) or damaged: fetch the day again.
      log("warn", { event: "mirror_day_unreadable" });
      return undefined;
    }
  }

  /** A day stored before the fact table existed (or whose rows failed to be written) gets its rows when first opened. */
  private async backfillFacts(resource: string, day: string, fetchedAt: number, records: unknown[]): Promise<void> {
    const table = this.factTable(resource);
    if (!table) return;
    try {
      if ((await table.fetchedAt(day)) !== fetchedAt) await table.replace(day, fetchedAt, records);
    } catch {
      log("warn", { event: table.event });
    }
  }

  /** The row `read` answers for each key's day, in the keys' order: one read per resource; undefined where it is another account's, not held or not fresh. */
  private async freshRows<M extends MirrorDayMeta>(keys: readonly string[], read: (resource: string, days: string[]) => Promise<M[]>): Promise<Array<M | undefined>> {
    const parsed = keys.map(parseDayKey);
    const now = this.clock();
    const found = new Map<string, M>();
    for (const resource of new Set(parsed.map((k) => k.resource))) {
      const days = parsed.filter((k) => k.identity === this.account && k.resource === resource).map((k) => k.day);
      if (days.length > 0) for (const row of await read(resource, days)) found.set(`${resource}|${row.day}`, row);
    }
    return parsed.map(({ identity, resource, day }) => {
      const row = identity === this.account ? found.get(`${resource}|${day}`) : undefined;
      return row && isFresh(day, row.fetchedAt, now, this.policy) ? row : undefined;
    });
  }

  async peek(key: string): Promise<{ complete: boolean; fetchedAt: number; count: number } | undefined> {
    return this.freshMeta(key);
  }

  /** `peek` for a range of one resource in one read of the store (a table's next page checks its index with it). */
  async peekMany(keys: readonly string[]): Promise<Array<{ complete: boolean; fetchedAt: number; count: number } | undefined>> {
    const rows = await this.freshRows(keys, (resource, days) => this.store.readMeta(this.account, resource, days));
    return rows.map((meta) => meta && { complete: meta.complete, fetchedAt: meta.fetchedAt, count: meta.count });
  }

  async set(key: string, day: CachedDay & { invalid?: unknown[]; oddShapes?: number }): Promise<void> {
    const { identity, resource, day: date } = parseDayKey(key);
    if (identity !== this.account) return;
    const payload: Payload = { records: day.records, invalid: day.invalid ?? [], oddShapes: day.oddShapes ?? 0 };
    const fetchedAt = day.fetchedAt ?? this.clock();
    const digester = this.digesters[resource];
    await this.store.writeDay(this.account, {
      resource,
      day: date,
      complete: day.complete,
      fetchedAt,
      count: day.records.length + (day.invalid?.length ?? 0),
      notes: payload.invalid!.length + payload.oddShapes!,
      sealed: sealDay(this.key, this.associated(resource, date), payload),
      digest: digester ? this.sealDigest(resource, date, digester, { digest: digester.of(day.records, { fetchedAt }), invalid: payload.invalid, oddShapes: payload.oddShapes }) : null,
    });
    const table = this.factTable(resource);
    if (table) {
      // Stamped with the same fetchedAt as the sealed day: a report reads the rows only while
      // the two agree, so a write that failed here leaves the day to its records, never stale rows.
      await table.replace(date, fetchedAt, day.records).catch(() => log("warn", { event: table.event }));
    }
    if (EVENT_RESOURCES.includes(resource)) {
      // The events are stored whatever happens here: a sale's day left unmarked is read again at its own freshness.
      await expireTouchedSaleDays(this.store, this.account, day.records).catch(() => log("warn", { event: "mirror_touched_sales_unmarked" }));
    }
  }
}
