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

export class KeptAnswers {
  private readonly answers = new LRUCache<string, { mark: string; answer: object }>({ max: KEPT });

  /** `question` names the answer whole (the account, the method, its plan; JSON); `mark` reads the write mark now (null: none, nothing is kept). */
  async read<T extends object>(question: readonly unknown[], mark: () => Promise<string | null>, compute: () => Promise<T>): Promise<T> {
    const key = JSON.stringify(question);
    const before = await mark();
    if (before === null) return compute();
    const kept = this.answers.get(key);
    if (kept && kept.mark === before) return structuredClone(kept.answer) as T;
    const answer = await compute();
    if ((await mark()) === before) this.answers.set(key, { mark: before, answer: structuredClone(answer) });
    return answer;
  }
}
