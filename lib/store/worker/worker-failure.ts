import "server-only";

// An error thrown in a store's worker thread, as it crosses to the main thread. Structured
// clone keeps an Error's message but not its `code`, nor a subclass's brand, and callers
// classify errors by those (SQLite's `code`, StorageUnavailableError for "storage
// unavailable"): the worker sends the fields (store-worker-host.mjs), this side rebuilds them.
import { StorageUnavailableError, type SharedBackend } from "../storage-unavailable";

export interface WorkerFailure {
  name: string;
  message: string;
  stack?: string;
  code?: string;
  backend?: SharedBackend;
}

/** The worker's error rebuilt on this side: its name, message and code, so callers classify it as before. */
export function rebuildFailure(failure: WorkerFailure): Error {
  if (failure.name === "StorageUnavailableError" && failure.backend) return new StorageUnavailableError(failure.backend, new Error(failure.message));
  const error = failure.name === "TypeError" ? new TypeError(failure.message) : new Error(failure.message);
  error.name = failure.name;
  if (failure.code !== undefined) Object.assign(error, { code: failure.code });
  if (failure.stack) error.stack = `${failure.stack}\n    (in the store's worker thread)`;
  return error;
}
