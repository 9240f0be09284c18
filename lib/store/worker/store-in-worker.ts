import "server-only";

// A store hosted by a worker thread, reached through a thin proxy on the main thread: each
// method call is sent by name with its arguments (structured clone) and answered by a promise
// of the store's result. better-sqlite3 is synchronous: on the main thread one filtered summary
// of a large account held the event loop for seconds (docs/benchmarks.md, "Fact store
// engine"), and every request of the instance waited; in the worker it holds only the worker.
//
// The proxy forwards whatever method is called, so a method added to the store's interface
// works without a change here; a name the store lacks is a rejected TypeError from the worker.
//
// The worker's entry is a plain .mjs file found from the project root (the working directory
// of `next start`, `next dev`, vitest and the scripts, as next.config.ts already assumes), not
// `new URL("./x", import.meta.url)`: Turbopack bundles a Worker entry it can resolve, and a
// bundled entry would need the store's TypeScript, better-sqlite3 and tsx compiled into a
// second server bundle. The path is made at run time, so the bundler leaves the call as it
// is, and the entry loads the store's own source through tsx (README, "Purchases fact table").
import path from "node:path";
import { Worker } from "node:worker_threads";
import { log } from "@/lib/log/server-log";
import { StorageUnavailableError, type SharedBackend } from "../storage-unavailable";

export interface WorkerStoreSpec {
  /** The module holding the store class, relative to the project root (its TypeScript source). */
  module: string;
  /** The class's export name; it is built in the worker with `new Class(...args)`. */
  exportName: string;
  /** The constructor's arguments (structured clone). */
  args: unknown[];
}

/** A store whose every method answers a promise (what may be forwarded to a worker). */
export type AsyncStore<T> = { [K in keyof T]: T[K] extends (...args: infer A) => Promise<infer R> ? (...args: A) => Promise<R> : never };

interface WorkerFailure { name: string; message: string; stack?: string; code?: string; backend?: SharedBackend }
type Reply = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: WorkerFailure };

const HOST = "lib/store/worker/store-worker-host.mjs";

/** The worker's error rebuilt on this side: its name, message and code, so callers classify it as before. */
function rebuild(failure: WorkerFailure): Error {
  // A shared back-end's outage keeps its brand: callers tell "storage unavailable" by it.
  if (failure.name === "StorageUnavailableError" && failure.backend) return new StorageUnavailableError(failure.backend, new Error(failure.message));
  const error = failure.name === "TypeError" ? new TypeError(failure.message) : new Error(failure.message);
  error.name = failure.name;
  if (failure.code !== undefined) Object.assign(error, { code: failure.code });
  if (failure.stack) error.stack = `${failure.stack}\n    (in the store's worker thread)`;
  return error;
}

class WorkerHost {
  private worker: Worker | undefined;
  private readonly waiting = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  private next = 0;
  private closed = false;

  constructor(private readonly spec: WorkerStoreSpec) {}

  get current(): Worker | undefined {
    return this.worker;
  }

  call(method: string, args: unknown[]): Promise<unknown> {
    if (this.closed) return Promise.reject(new Error(`The store was closed (${method})`));
    const worker = this.start();
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      // Busy, the worker keeps the process alive until it answers; idle, it does not.
      worker.ref();
      worker.postMessage({ id, method, args });
    });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    // The store closes its connection in the worker (SQLite checkpoints its log), then the thread ends.
    if (this.worker) await this.call("close", []);
    this.closed = true;
    await this.worker?.terminate();
    this.worker = undefined;
  }

  /** The worker, started on first use and again after one that died (its calls were rejected). */
  private start(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(path.join(process.cwd(), HOST), {
      workerData: { root: process.cwd(), ...this.spec },
      // `server-only` resolves to its empty module under this condition, as in Next's server bundles.
      execArgv: ["--conditions=react-server"],
    });
    worker.on("message", (reply: Reply) => {
      const waiter = this.waiting.get(reply.id);
      this.waiting.delete(reply.id);
      if (this.waiting.size === 0) worker.unref();
      if (reply.ok) waiter?.resolve(reply.value);
      else waiter?.reject(rebuild(reply.error));
    });
    const fail = (error: Error) => {
      if (this.worker === worker) this.worker = undefined;
      for (const waiter of this.waiting.values()) waiter.reject(error);
      this.waiting.clear();
    };
    // The log says which store runs in a thread (once per start), and when one dies unasked.
    worker.on("online", () => log("info", { event: "store_worker_started", detail: this.spec.exportName }));
    worker.on("error", (error) => {
      log("error", { event: "store_worker_failed", detail: this.spec.exportName, errorName: error.name, stack: error.stack });
      fail(error);
    });
    worker.on("exit", (code) => fail(new Error(`The store's worker thread ended (exit code ${code})`)));
    worker.unref();
    this.worker = worker;
    return worker;
  }
}

const hosts = new WeakMap<object, WorkerHost>();

/** The store built by `spec`, in a worker thread of its own, behind a proxy of type T. */
export function storeInWorker<T extends AsyncStore<T>>(spec: WorkerStoreSpec): T {
  const host = new WorkerHost(spec);
  const proxy = new Proxy({} as T, {
    get(_target, name) {
      // Not a method: a symbol, or `then` (an awaited store must not look like a promise).
      if (typeof name !== "string" || name === "then") return undefined;
      if (name === "close") return () => host.close();
      return (...args: unknown[]) => host.call(name, args);
    },
  });
  hosts.set(proxy, host);
  return proxy;
}

/** The worker thread behind a store from storeInWorker (undefined before its first call and once closed): for tests. */
export function workerOf(store: object): Worker | undefined {
  return hosts.get(store)?.current;
}
