import "server-only";

// A store hosted by a worker thread, reached through a thin proxy on the main thread: each
// method call is sent by name with its arguments (structured clone) and answered by a promise
// of the store's result. better-sqlite3 is synchronous: on the main thread one filtered summary
// of a large account held the event loop for seconds (docs/benchmarks.md, "Fact store
// engine"), and every request of the instance waited; in the worker it holds only the worker.
//
// Several stores may share one thread (storesInWorker: the DuckDB fact stores, on one instance of
// their file): each proxy names its store in its calls, and the thread ends with the last closed.
//
// The proxy forwards whatever method is called, so a method added to the store's interface
// works without a change here; a name the store lacks is a rejected TypeError from the worker.
//
// The worker runs plain .mjs files found from the project root (the working directory of
// `next start`, `next dev`, vitest and the scripts, as next.config.ts already assumes): the
// entry (store-worker-host.mjs) loads the store's own TypeScript through tsx, and the thread
// is started by start-worker.mjs, which the server bundle imports at run time only (why: that
// file's header). No bundler touches the worker's code, so it is one and the same in all four
// places (README, "Purchases fact table").
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Worker, WorkerOptions } from "node:worker_threads";
import { getServerEnv } from "@/lib/env";
import { log } from "@/lib/log/server-log";
import { rebuildFailure, type WorkerFailure } from "./worker-failure";
import { transferListOf } from "./transfer";

export interface WorkerStoreSpec {
  /** The module holding the store class, relative to the project root (its TypeScript source). */
  module: string;
  /** The class's export name; it is built in the worker with `new Class(...args)`. */
  exportName: string;
  /** The constructor's arguments (structured clone). */
  args: unknown[];
}

/** Several stores built in one thread, each by its name (SALESDASH_FACT_ENGINE=duckdb: the four DuckDB fact stores on one instance). */
export type WorkerStoreSpecs = Record<string, WorkerStoreSpec>;

/** A store whose every method answers a promise (what may be forwarded to a worker). */
export type AsyncStore<T> = { [K in keyof T]: T[K] extends (...args: infer A) => Promise<infer R> ? (...args: A) => Promise<R> : never };

type Reply = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: WorkerFailure } | { ready: true };
type StartWorker = (entry: string, options: WorkerOptions) => Worker;

const HOST = "lib/store/worker/store-worker-host.mjs";
/** The worker's young generation (MiB): collected often enough that native memory held by dead wrappers is given back. */
const YOUNG_GENERATION_MB = 8;

/**
 * The nice value of a store's thread (store-worker-host.mjs): SALESDASH_WORKER_NICE, 10 unless
 * set, so that a sign-in is not kept waiting for CPU behind two-year reads.
 */
const threadNice = (): number => getServerEnv().SALESDASH_WORKER_NICE;
const STARTER = "lib/store/worker/start-worker.mjs";

/** How long the process's exit waits for a thread's stores to close (ms): a stuck engine must not keep a stopped server alive. */
const EXIT_WAIT_MS = 8_000;

// The threads running in this process, on globalThis: Next's bundles each hold a copy of this
// module, and one exit listener (added with the set) must see every copy's threads.
const THREADS = Symbol.for("salesdash.storeThreads");
const threadsHolder = globalThis as typeof globalThis & { [THREADS]?: Set<Worker> };
const runningThreads = (): Set<Worker> => {
  if (!threadsHolder[THREADS]) {
    const threads = (threadsHolder[THREADS] = new Set<Worker>());
    process.on("exit", () => closeThreadsAtExit(threads));
  }
  return threadsHolder[THREADS];
};

/**
 * At the process's exit, each thread's stores close before the thread is torn down. Next's signal
 * handler ends the server with process.exit once its requests are done, knowing nothing of these
 * threads; a thread torn down while DuckDB was in a call aborted the process instead (SIGABRT,
 * "terminate called after throwing an instance of 'Napi::Error'"), its last writes cut short.
 * An exit listener may only block, and a thread needs nothing of this one to close: each is sent
 * its shutdown (store-worker-host.mjs), then this thread sleeps on a shared flag until every one
 * has said done, or until EXIT_WAIT_MS have passed.
 */
function closeThreadsAtExit(threads: Set<Worker>): void {
  // A thread already ended (threadId -1) whose exit event has not been delivered has nothing to close.
  const flags = [...threads].filter((worker) => worker.threadId !== -1).map((worker) => {
    const flag = new Int32Array(new SharedArrayBuffer(4));
    worker.postMessage({ shutdown: flag.buffer });
    return flag;
  });
  const deadline = Date.now() + EXIT_WAIT_MS;
  for (const flag of flags) {
    const left = deadline - Date.now();
    if (left > 0) Atomics.wait(flag, 0, 0, left);
  }
}

function watchAtExit(worker: Worker): void {
  const threads = runningThreads();
  threads.add(worker);
  worker.once("exit", () => threads.delete(worker));
}

let starter: Promise<StartWorker> | undefined;
const loadStarter = (): Promise<StartWorker> =>
  (starter ??= (import(/* turbopackIgnore: true */ /* webpackIgnore: true */ pathToFileURL(path.join(process.cwd(), STARTER)).href) as Promise<{ startWorker: StartWorker }>).then(
    (m) => m.startWorker,
  ));

/** One started thread and the calls it has not answered yet (a dead thread rejects only its own). */
interface Thread {
  worker: Worker;
  waiting: Map<number, { resolve(value: unknown): void; reject(error: Error): void }>;
  /** Resolved once the thread has built its stores (or refused one), or has ended. */
  ready: Promise<void>;
}

class WorkerHost {
  private thread: Promise<Thread> | undefined;
  private started: Thread | undefined;
  private next = 0;
  /** The stores closed: a thread started later builds only the others, and ends once every one is. */
  private readonly closedStores = new Set<string>();

  constructor(private readonly specs: WorkerStoreSpecs) {}

  get current(): Worker | undefined {
    return this.started?.worker;
  }

  private get closed(): boolean {
    return this.closedStores.size === Object.keys(this.specs).length;
  }

  async call(store: string, method: string, args: unknown[]): Promise<unknown> {
    if (this.closedStores.has(store)) throw new Error(`The store was closed (${method})`);
    const { worker, waiting } = await this.start();
    const id = this.next++;
    return new Promise((resolve, reject) => {
      waiting.set(id, { resolve, reject });
      // Busy, the worker keeps the process alive until it answers; idle, it does not.
      worker.ref();
      // An argument marked by its caller (transfer.ts) moves its buffers instead of copying them.
      worker.postMessage({ id, store, method, args }, args.flatMap(transferListOf));
    });
  }

  /** Starts the thread before the first call, and resolves once it has loaded the stores' modules and opened their files. */
  async warm(): Promise<void> {
    if (this.closed) return;
    const thread = await this.start();
    // Held open while it loads: a caller awaiting only this must not see the process end first.
    thread.worker.ref();
    try {
      await thread.ready;
    } finally {
      if (thread.waiting.size === 0) thread.worker.unref();
    }
  }

  async close(store: string): Promise<void> {
    if (this.closedStores.has(store)) return;
    // The store closes its connection in the worker (SQLite checkpoints its log); the thread ends with its last store.
    try {
      if (this.thread) await this.call(store, "close", []);
    } finally {
      this.closedStores.add(store);
      if (this.closed) {
        const thread = await this.thread?.catch(() => undefined);
        this.thread = undefined;
        this.started = undefined;
        await thread?.worker.terminate();
      }
    }
  }

  /** The thread, started on first use and again after one that died (its calls were rejected). */
  private start(): Promise<Thread> {
    this.thread ??= loadStarter()
      .then((startWorker) => this.run(startWorker))
      .catch((error: unknown) => {
        this.thread = undefined;
        throw error;
      });
    return this.thread;
  }

  private run(startWorker: StartWorker): Thread {
    const worker = startWorker(path.join(process.cwd(), HOST), {
      workerData: { root: process.cwd(), nice: threadNice(), stores: Object.fromEntries(Object.entries(this.specs).filter(([name]) => !this.closedStores.has(name))) },
      // `server-only` resolves to its empty module under this condition, as in Next's server bundles.
      execArgv: ["--conditions=react-server"],
      // DuckDB's results and connections hold their memory outside the JavaScript heap until their
      // small wrappers are collected; with V8's default young generation the worker made so little
      // garbage for its size that the purchases CSV's two years of batches held ~500 MiB more
      // RSS (950 against 540-610 MiB at 2-8 MiB, no slower: docs/benchmarks.md).
      resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
    });
    watchAtExit(worker);
    let readied = () => {};
    const thread: Thread = { worker, waiting: new Map(), ready: new Promise<void>((resolve) => (readied = resolve)) };
    const { waiting } = thread;
    worker.on("message", (reply: Reply) => {
      if ("ready" in reply) return readied();
      const waiter = waiting.get(reply.id);
      waiting.delete(reply.id);
      if (waiting.size === 0) worker.unref();
      if (reply.ok) waiter?.resolve(reply.value);
      else waiter?.reject(rebuildFailure(reply.error));
    });
    const fail = (error: Error) => {
      // A thread that ended is as ready as it will be: its calls answer the failure.
      readied();
      if (this.started === thread) {
        this.thread = undefined;
        this.started = undefined;
      }
      for (const waiter of waiting.values()) waiter.reject(error);
      waiting.clear();
    };
    // The log says which stores run in a thread (once per start), and when one fails.
    const detail = Object.values(this.specs).map((spec) => spec.exportName).join(", ");
    worker.on("online", () => log("info", { event: "store_worker_started", detail }));
    worker.on("error", (error) => {
      log("error", { event: "store_worker_failed", detail, errorName: error.name, stack: error.stack });
      fail(error);
    });
    worker.on("exit", (code) => fail(new Error(`The store's worker thread ended (exit code ${code})`)));
    worker.unref();
    this.started = thread;
    return thread;
  }
}

const hosts = new WeakMap<object, WorkerHost>();

// Names a caller may read without meaning a method: a promise's `then` (an awaited store must
// not look like a promise) and JSON's `toJSON`.
const NOT_METHODS = new Set(["then", "toJSON"]);

/** A proxy of type T whose methods call the store `name` of `host`. */
function storeProxy<T>(host: WorkerHost, name: string): T {
  // Each method is made on first use and kept as an own property of the target, so the proxy
  // reads as an ordinary object (a test may spy on a method, and the spy is what is called).
  const methods = Object.create(null) as Record<string, unknown>;
  const ensure = (method: string | symbol) => {
    if (typeof method !== "string" || NOT_METHODS.has(method) || Object.hasOwn(methods, method)) return;
    const call = method === "close" ? () => host.close(name) : (...args: unknown[]) => host.call(name, method, args);
    Object.defineProperty(methods, method, { value: call, writable: true, configurable: true });
  };
  const proxy = new Proxy(methods, {
    get(target, method, receiver) {
      ensure(method);
      return Reflect.get(target, method, receiver);
    },
    getOwnPropertyDescriptor(target, method) {
      ensure(method);
      return Reflect.getOwnPropertyDescriptor(target, method);
    },
  }) as T;
  hosts.set(proxy as object, host);
  return proxy;
}

/**
 * The stores built by `specs`, all in one worker thread, each behind a proxy of its own: a call
 * names its store. Each store is closed by its proxy; the thread ends with the last.
 */
export function storesInWorker<T extends { [K in keyof T]: AsyncStore<T[K]> }>(specs: { [K in keyof T]: WorkerStoreSpec }): T {
  const host = new WorkerHost(specs as WorkerStoreSpecs);
  return Object.fromEntries(Object.keys(specs).map((name) => [name, storeProxy(host, name)])) as T;
}

/** The store built by `spec`, in a worker thread of its own, behind a proxy of type T. */
export function storeInWorker<T extends AsyncStore<T>>(spec: WorkerStoreSpec): T {
  return storesInWorker<{ store: T }>({ store: spec }).store;
}

/**
 * Starts the worker thread of a store from storeInWorker ahead of its first call, and resolves once
 * the thread has built its stores: loading the store's modules (DuckDB's native library alone
 * ~0.4 s) and opening its file took 0.4-1.2 s, which the first report after a restart waited for.
 * Nothing for another store.
 */
export function warmStoreWorker(store: object): Promise<void> {
  return hosts.get(store)?.warm() ?? Promise.resolve();
}

/** The worker thread behind a store from storeInWorker or storesInWorker (undefined before its first call and once closed): for tests. */
export function workerOf(store: object): Worker | undefined {
  return hosts.get(store)?.current;
}
