import { randomUUID } from "node:crypto";
import type { WaitUntilReleasedOptions, WorkLock } from "./work-lock";

// A WorkLock within one process, with RedisWorkLock's rules (a time to live, release by token),
// for an instance without Redis. It closes a gap that joining identical requests in flight
// leaves open: a window whose answer has arrived but whose days are still being written to the
// mirror is no longer "in flight", and a second report planning the same days would ask again.
// Held until the days are stored, the lock makes that report wait and read them instead.
// Waiters wake on release (no polling); tests share one instance between two clients to play
// two dashboard instances sharing a Redis.
interface Held {
  token: string;
  until: number;
  released: Promise<void>;
  wake: () => void;
}

export class MemoryWorkLock implements WorkLock {
  private readonly held = new Map<string, Held>();
  /** How many waits there were: a test sees that a fetch waited instead of repeating the work. */
  joined = 0;

  /** The key's holder, unless its time to live has passed (then it is let go, waking waiters). */
  private holder(key: string): Held | undefined {
    const current = this.held.get(key);
    if (current && current.until <= Date.now()) {
      this.held.delete(key);
      current.wake();
      return undefined;
    }
    return current;
  }

  async tryAcquire(key: string, ttlMs: number): Promise<string | null> {
    if (this.holder(key)) return null;
    let wake = () => {};
    const released = new Promise<void>((resolve) => (wake = resolve));
    const token = randomUUID();
    this.held.set(key, { token, until: Date.now() + ttlMs, released, wake });
    return token;
  }

  async release(key: string, token: string): Promise<void> {
    const current = this.held.get(key);
    if (current?.token !== token) return;
    this.held.delete(key);
    current.wake();
  }

  async waitUntilReleased(key: string, { timeoutMs, signal }: WaitUntilReleasedOptions): Promise<boolean> {
    this.joined++;
    signal?.throwIfAborted();
    const current = this.holder(key);
    if (!current) return true;
    return new Promise<boolean>((resolve, reject) => {
      const done = (settle: () => void) => {
        clearTimeout(timer);
        signal?.removeEventListener("abort", onAbort);
        settle();
      };
      // Wakes at the holder's expiry or at our own timeout, whichever is first; a millisecond past
      // the expiry, for a timer may fire a millisecond before Date.now() reaches its due time (the
      // event loop's clock is cached), which read the lock as still held.
      const timer = setTimeout(() => done(() => resolve(this.holder(key) === undefined)), Math.max(0, Math.min(timeoutMs, current.until - Date.now() + 1)));
      const onAbort = () => done(() => reject(signal?.reason));
      signal?.addEventListener("abort", onAbort, { once: true });
      void current.released.then(() => done(() => resolve(true)));
    });
  }
}
