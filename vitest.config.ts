import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// "server-only" throws outside React Server Components; under vitest the modules
// that import it are exercised directly, so it resolves to an empty module.
const serverOnlyStub = fileURLToPath(new URL("./tests/support/server-only-stub.ts", import.meta.url));
const alias = { "server-only": serverOnlyStub, "@": fileURLToPath(new URL("./", import.meta.url)) };

export default defineConfig({
  test: {
    projects: [
      { resolve: { alias }, test: { name: "unit", include: ["tests/unit/**/*.test.ts"], environment: "node" } },
      {
        resolve: { alias },
        test: {
          name: "contract",
          include: ["tests/contract/**/*.test.ts"],
          environment: "node",
          // One file at a time: each starts its own sandbox, and the timing test needs a quiet machine.
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
