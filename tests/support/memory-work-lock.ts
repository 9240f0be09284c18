// A WorkLock in memory, standing in for Redis when a test plays two dashboard instances in one
// process: each instance has its own in-flight map, and they share only this lock and the store.
import { randomUUID } from "node:crypto";
import type { WorkLock } from "@/lib/store/work-lock";

export class MemoryWorkLock implements WorkLock {
  private readonly held = new Map<string, { token: string; released: Promise<void>; release: () => void }>();
  acquired = 0;
  joined = 0;

  async tryAcquire(key: string): Promise<string | null> {
    if (this.held.has(key)) return null;
    const token = randomUUID();
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    this.held.set(key, { token, released, release });
    this.acquired++;
    return token;
  }

  async release(key: string, token: string): Promise<void> {
    const entry = this.held.get(key);
    if (entry?.token !== token) return;
    this.held.delete(key);
    entry.release();
  }

  async waitUntilReleased(key: string): Promise<boolean> {
    this.joined++;
    await this.held.get(key)?.released;
    return true;
  }
}
