// A fact store's aggregates kept between requests while nothing is written (#25 point 8: what
// does not change between requests is kept, not recomputed). An answer is kept with the write
// mark read before it was computed, and only when the mark read after is the same: no write
// landed while it was read (on PostgreSQL the database moves the account's mark in every write's
// transaction, lib/store/postgres/fact-versions.ts; on DuckDB the file's mark moves when a write
// starts and ends). An account without a mark has nothing kept. It is given again while the mark
// stays that, as a copy: the caller may change what it is given.
import { LRUCache } from "lru-cache";

/** Answers kept per store: a report's two periods for a few reports and filters (aggregates, a few KiB to a few hundred). */
const KEPT = 24;

/**
 * What the answers kept for one fact table may hold in all (bytes, approximateBytes'): a list's rows (the
 * Refunds report's two years of refunds at scale 20, ~12 MiB as columns) are kept too, and the
 * oldest give way; one larger than this is not kept.
 */
export const KEPT_BYTES = 32 * 1024 * 1024;

/** About how many bytes a value holds: a typed array its buffer's, a text two a character, a number eight, and a slot each. Used to bound the kept answers, not to account them exactly. */
export function approximateBytes(value: unknown): number {
  if (typeof value === "string") return 16 + 2 * value.length;
  if (typeof value !== "object" || value === null) return 8;
  if (ArrayBuffer.isView(value)) return value.byteLength;
  let bytes = 16;
  if (Array.isArray(value)) for (const item of value) bytes += 8 + approximateBytes(item);
  else for (const [key, item] of Object.entries(value)) bytes += 8 + 2 * key.length + approximateBytes(item);
  return bytes;
}

export class KeptAnswers {
  private readonly answers: LRUCache<string, { mark: string; answer: object; bytes: number }>;

  /** `max`: how many answers are kept at most (KEPT unless given). */
  constructor(max = KEPT) {
    this.answers = new LRUCache({ max, maxSize: KEPT_BYTES, sizeCalculation: (kept) => Math.max(1, kept.bytes) });
  }

  /** `question` names the answer whole (the account, the method, its plan; JSON); `mark` reads the write mark now (null: none, nothing is kept). */
  async read<T extends object>(question: readonly unknown[], mark: () => Promise<string | null>, compute: () => Promise<T>): Promise<T> {
    const key = JSON.stringify(question);
    const before = await mark();
    if (before === null) return compute();
    const kept = this.answers.get(key);
    if (kept && kept.mark === before) return structuredClone(kept.answer) as T;
    const answer = await compute();
    if ((await mark()) === before) {
      const bytes = approximateBytes(answer);
      // One answer larger than every kept answer may hold is not kept (it would push out all the others).
      if (bytes <= KEPT_BYTES) this.answers.set(key, { mark: before, answer: structuredClone(answer), bytes });
    }
    return answer;
  }
}
