// The entry of a worker thread of one or several stores (lib/store/worker/store-in-worker.ts starts it).
// Plain JavaScript on purpose: Node runs it as it is in every place the app runs (`next start`,
// `next dev`, vitest, the bench scripts), with no bundler in between. It then loads the
// store's own TypeScript through tsx, so the class that runs here is the one the tests cover,
// with its `@/` imports (tsx reads tsconfig.json's paths from the project root, the worker's
// working directory) and `server-only` (the worker runs with the react-server condition).
import { parentPort, workerData } from "node:worker_threads";
import { pathToFileURL } from "node:url";
import path from "node:path";
import { register } from "tsx/esm/api";
import os from "node:os";

const { root, stores: specs, nice } = workerData;

// The thread yields the CPU to the main thread's (issue #25 point 8): on two cores, the work here
// for four two-year downloads and four payout calendars took as much of them as the event loop
// that answers a sign-in, which then waited seconds. On Linux a priority set with pid 0 is the
// calling thread's alone. It is this thread's: SQLite's queries run on it, but DuckDB's run on
// libuv's thread pool and DuckDB's own threads, which keep the server's priority (only the
// JavaScript here, the rows made and cloned, is lowered on DuckDB). Only ever lowered (an
// unprivileged process may not raise it back), and only where it is per thread: elsewhere it would
// lower the whole server.
if (process.platform === "linux" && typeof nice === "number") {
  try {
    os.setPriority(0, Math.max(os.getPriority(0), nice));
  } catch {
    // Refused (a sandbox without setpriority): the thread runs at the server's priority, as before.
  }
}
register({ tsconfig: path.join(root, "tsconfig.json") });

// What crosses back to the main thread: an Error's own fields survive structured clone only
// in part (no `code`, no subclass), so the caller rebuilds it from these (worker-failure.ts).
const failure = (error) =>
  error instanceof Error
    ? { name: error.name, message: error.message, stack: error.stack, code: typeof error.code === "string" ? error.code : undefined, backend: error.backend }
    : { name: "Error", message: String(error) };

// transfer.ts's mark: the same symbol in every thread.
const TRANSFER = Symbol.for("salesdash.transfer");

// Each store by its name (storesInWorker: several share the thread, and its DuckDB instance).
const stores = new Map();
for (const [name, { module, exportName, args }] of Object.entries(specs)) {
  try {
    const Store = (await import(pathToFileURL(path.join(root, module)).href))[exportName];
    stores.set(name, { store: new Store(...args) });
  } catch (error) {
    // The store could not open (a file it may not write, say): every call to it answers that.
    stores.set(name, { opening: failure(error) });
  }
}
// Every store built (or refused): what warming the thread waits for (store-in-worker.ts's warm).
parentPort.postMessage({ ready: true });

// The calls started and not yet answered, and the stores closed by their own call: what the
// process's exit waits for, and what it leaves alone (shutdown, below).
const running = new Set();
const closed = new Set();
let stopping = false;

// Calls are answered in arrival order: the SQLite store's methods run synchronously underneath
// (better-sqlite3), so nothing interleaves, as on the main thread before; DuckDB's await its threads.
parentPort.on("message", (message) => {
  if (message.shutdown) return void shutdown(message.shutdown);
  const call = answer(message);
  running.add(call);
  void call.finally(() => running.delete(call));
});

async function answer({ id, store: name, method, args: callArgs }) {
  try {
    const { store, opening } = stores.get(name) ?? { opening: { name: "TypeError", message: `This worker holds no store ${name}` } };
    // A store that never opened has nothing to close; its thread ends all the same.
    if (opening && method === "close") return parentPort.postMessage({ id, ok: true });
    if (opening) throw Object.assign(new Error(opening.message), opening);
    if (stopping) throw new Error("The server is stopping");
    if (typeof store[method] !== "function") throw new TypeError(`The store in this worker has no method ${method}`);
    const value = await store[method](...callArgs);
    if (method === "close") closed.add(name);
    // An answer its store marked (lib/store/worker/transfer.ts) moves its buffers instead of copying them.
    const transfer = value !== null && typeof value === "object" ? value[TRANSFER] : undefined;
    parentPort.postMessage({ id, ok: true, value }, Array.isArray(transfer) ? transfer : []);
  } catch (error) {
    parentPort.postMessage({ id, ok: false, error: failure(error) });
  }
}

// The process is exiting (store-in-worker.ts's exit listener, which waits on `done`): the calls
// under way finish, then every store still open closes (DuckDB's writes end and its instance
// closes), and only then may the thread be torn down. A native engine torn down in the middle of
// a call aborted the whole process ("terminate called after throwing an instance of
// 'Napi::Error'") instead of letting it exit as asked.
async function shutdown(done) {
  stopping = true;
  while (running.size > 0) await Promise.allSettled([...running]);
  for (const [name, { store }] of stores) {
    if (!store || closed.has(name)) continue;
    closed.add(name);
    await Promise.resolve(store.close?.()).catch(() => undefined);
  }
  const flag = new Int32Array(done);
  Atomics.store(flag, 0, 1);
  Atomics.notify(flag, 0);
}
