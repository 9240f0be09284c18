// What the mirror's range reader (range-reader.ts: what reports call as client.fetchRange)
// takes and answers: its options, and the report of what it did.
import type { IsoDay } from "@/lib/calendar";
import type { Deadline, InvalidRecord, RangeProgress, RecordOf, ResourceName, WindowReport } from "@/lib/sales-api";
import type { DayDigester } from "./day-store";

export type { RangeProgress, WindowReport } from "@/lib/sales-api";

export interface RangeOptions {
  signal?: AbortSignal;
  onProgress?: (progress: RangeProgress) => void;
  /** A deadline shared by every fetch of one report (client.reportDeadline()); else one per fetch. */
  deadline?: Deadline;
  /** Only store the days (a background sync): records are not kept in memory nor returned. */
  storeOnly?: boolean;
  /**
   * Answer each day as its digest (in `digests`) rather than its records: the day store's own
   * when it keeps one, else made here. Days in `recordDays` are answered as records.
   */
  digest?: {
    digester: DayDigester;
    recordDays?: ReadonlySet<IsoDay>;
    /**
     * For a report that reads a fact table and needs only to know which days are held, how and
     * when (the fetch report): each day answered as its count of records instead of its digest.
     * A day store that keeps each day's notes (mirror-store.ts) opens the digester's digest only
     * for the days with some, or whose notes it does not know yet.
     */
    marks?: boolean;
  };
  /**
   * A report's load: when the upstream cannot be reached (no answer, or 5xx after the retries)
   * and some days of the range are held already, answer those and report the rest as
   * unfetched (with `unreachable`), instead of failing the whole range. A background sync
   * leaves this off: its outage must stay an error in the mirror's status.
   */
  keepHeldOnOutage?: boolean;
  /**
   * False for a read that passes over each day once (a CSV written day by day): the day store
   * does not keep the days it opens in its cache of opened days, which would otherwise hold a
   * long file's range in memory. Default true.
   */
  rememberOpened?: boolean;
}

export interface RangeReport {
  resource: ResourceName;
  from: IsoDay;
  /** Inclusive. */
  to: IsoDay;
  windows: WindowReport[];
  requests: number;
  retries: number;
  tokenExchanges: number;
  /** Days answered from the mirror (its store) rather than the upstream. */
  cacheHits: number;
  /** Days that alone held more than 5000 records: only their newest 5000 are included. */
  incompleteDays: IsoDay[];
  /** Records that broke the schema: counted, not used. */
  invalidRecords: InvalidRecord[];
  /** Records accepted with a field in an unexpected shape (an amount written as text, read exactly). */
  oddShapeRecords: number;
  /** Days not fetched because the deadline passed first (or the upstream could not be reached): none of their records are included. */
  unfetchedDays: IsoDay[];
  /** Set when days are unfetched because the upstream could not be reached (keepHeldOnOutage). */
  unreachable?: boolean;
  /** True when every record of every day is in `records`. */
  complete: boolean;
  /** When the upstream answered for each day of the range that is included, oldest day first. */
  fetchedAt: Array<[IsoDay, number]>;
}

export interface RangeResult<R extends ResourceName> {
  records: RecordOf<R>[];
  /** With the `digest` option: the digest of each day answered as one. */
  digests: Map<IsoDay, unknown>;
  report: RangeReport;
}
