import type { HeldLock, LockSource } from "./held-lock";

/** The locks of one process: where the embedded store runs, which takes one process per data directory. */
export class MemoryLocks implements LockSource {
  private readonly held = new Set<string>();

  async tryHold(name: string): Promise<HeldLock | null> {
    if (this.held.has(name)) return null;
    this.held.add(name);
    let released = false;
    return {
      lost: new AbortController().signal,
      confirm: async () => undefined,
      release: async () => {
        if (released) return;
        released = true;
        this.held.delete(name);
      },
    };
  }

  async close(): Promise<void> {
    this.held.clear();
  }
}
