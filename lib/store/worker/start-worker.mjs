// Starts a worker thread; lib/store/worker/store-in-worker.ts loads this file at run time
// rather than calling `new Worker` itself. Turbopack (Next 16.2 on) bundles the entry of any
// `new Worker(...)` in server code whose path it can work out, and it works out paths made
// from process.cwd(); bundled, the store's entry drags tsx and esbuild's binary into the
// server build, which then fails, and a `turbopackIgnore` comment on the call is not obeyed.
// A file the bundler never reads cannot be bundled: here Node starts the entry as it is.
import { Worker } from "node:worker_threads";

/** A worker running the file `entry` (an absolute path) with `options`. */
export function startWorker(entry, options) {
  return new Worker(entry, options);
}
