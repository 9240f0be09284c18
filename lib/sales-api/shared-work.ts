// Work shared with other callers (a token exchange, a window or catalog already in flight):
// a caller whose own signal aborts stops waiting without cancelling it for the others.
export function untilAborted<T>(promise: Promise<T>, signal?: AbortSignal): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(error);
      },
    );
  });
}

/**
 * `work` registered as in flight under `key` until it settles, for identical callers to join;
 * a later registration under the same key is never removed by an earlier one settling.
 */
export function registerInFlight<T>(inFlight: Map<string, Promise<unknown>>, key: string, work: Promise<T>): Promise<T> {
  const settled = work.finally(() => {
    if (inFlight.get(key) === settled) inFlight.delete(key);
  });
  inFlight.set(key, settled);
  return settled;
}
