import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// "server-only" throws outside React Server Components; under vitest the modules
// that import it are exercised directly, so it resolves to an empty module.
const serverOnlyStub = fileURLToPath(new URL("./tests/support/server-only-stub.ts", import.meta.url));
const alias = { "server-only": serverOnlyStub, "@": fileURLToPath(new URL("./", import.meta.url)) };
// The store threads at the runner's priority: test files run side by side on two cores, and a
// thread at nice 10 (the server's default) waited behind them three times as long. The priority
// is applied all the same where a test asks for it (tests/unit/store-in-worker.test.ts).
const env = { SALESDASH_WORKER_NICE: "0" };

export default defineConfig({
  test: {
    projects: [
      // A test's time limit guards against a hang; it is not a speed check. Vitest's default of
      // 5 s failed tests that took 5.7 s on a loaded 2-core machine (the slowest unit test took
      // 16 s there): the limit is ten times that (docs/benchmarks.md, "Timing in the tests").
      { resolve: { alias }, test: { name: "unit", include: ["tests/unit/**/*.test.ts"], environment: "node", env, testTimeout: 180_000, hookTimeout: 180_000 } },
      {
        resolve: { alias },
        test: {
          name: "contract",
          include: ["tests/contract/**/*.test.ts"],
          environment: "node", env,
          // One file at a time: each starts its own sandbox.
          fileParallelism: false,
          // Hang guards, not speed checks: ten times the slowest test measured on a loaded machine.
          testTimeout: 180_000,
          hookTimeout: 180_000,
        },
      },
      // The shared back-ends (PostgreSQL, Redis) over real connections, beside the embedded ones
      // they must behave like: SALESDASH_TEST_DATABASE_URL and SALESDASH_TEST_REDIS_URL, loopback by default.
      {
        resolve: { alias },
        test: { name: "backends", include: ["tests/backends/**/*.test.ts"], environment: "node", env, fileParallelism: false, testTimeout: 180_000, hookTimeout: 180_000 },
      },
    ],
  },
});
