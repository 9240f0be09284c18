// Joining identical window requests: one fetch asks for a window while the others (in this
// process, or in other dashboard instances through Redis) wait for it, then read the days it
// stored. ctx.inFlight joins identical requests only while they are out; this lock lasts until
// the answer's days are written.
import type { WorkLock } from "@/lib/store/work-lock";

export type { WorkLock };

// Held while one window is fetched and stored, released at once when it is done. Short, because
// nothing renews it: an instance killed while holding it blocks the others this long at most
// (a survivor that takes the account's sync over, within 15 s or so, may wait on it for the rest).
// A fetch that outlives it (a long wait for the rate budget) may be repeated by another instance:
// one request more within the shared budget, never a 429.
const WINDOW_LOCK_MS = 30_000;

/**
 * The window's lock: held (release it when done), "joined" when another instance held it (and
 * has released it since), or null without locks, or when waiting failed (fetch it then).
 */
export async function lockWindow(locks: WorkLock | undefined, window: string, signal: AbortSignal): Promise<{ release(): Promise<void> } | "joined" | null> {
  if (!locks) return null;
  const key = `window:${window}`;
  // Joining is a saving, not a rule (the shared rate budget is): when Redis does not answer in
  // time, the window is fetched without the lock rather than failing the report.
  const token = await locks.tryAcquire(key, WINDOW_LOCK_MS).catch(() => undefined);
  if (token === undefined) return null;
  if (token) return { release: () => locks.release(key, token).catch(() => undefined) };
  try {
    return (await locks.waitUntilReleased(key, { timeoutMs: WINDOW_LOCK_MS, signal })) ? "joined" : null;
  } catch (error) {
    if (signal.aborted) throw error;
    return null;
  }
}
