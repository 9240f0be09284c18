import { randomUUID } from "node:crypto";
import type { WaitUntilReleasedOptions, WorkLock } from "@/lib/store/work-lock";

// A WorkLock in memory with RedisWorkLock's rules (a time to live on the real clock, release by
// token, waiting by polling), for unit tests of code that takes one: two objects sharing one
// instance of it stand for two dashboard instances sharing a Redis.
export class MemoryWorkLock implements WorkLock {
  private readonly held = new Map<string, { token: string; until: number }>();
  /** How many waits there were: a test sees that an instance waited instead of repeating the work. */
  joined = 0;

  async tryAcquire(key: string, ttlMs: number): Promise<string | null> {
    const current = this.held.get(key);
    if (current && current.until > Date.now()) return null;
    const token = randomUUID();
    this.held.set(key, { token, until: Date.now() + ttlMs });
    return token;
  }

  async release(key: string, token: string): Promise<void> {
    if (this.held.get(key)?.token === token) this.held.delete(key);
  }

  async waitUntilReleased(key: string, { timeoutMs, signal }: WaitUntilReleasedOptions): Promise<boolean> {
    this.joined++;
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      signal?.throwIfAborted();
      const current = this.held.get(key);
      if (!current || current.until <= Date.now()) return true;
      if (Date.now() >= deadline) return false;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }
}
