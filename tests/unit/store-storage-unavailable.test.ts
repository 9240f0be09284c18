import { describe, expect, it } from "vitest";
import { describeReportError } from "@/lib/reports/server/describe-error";
import { failureStatus } from "@/lib/reports/server/report-failure";
import { errorKind } from "@/lib/sales-api/errors";
import { guardStore, StorageUnavailableError } from "@/lib/store/storage-unavailable";

// A shared back-end that cannot be reached is "storage unavailable" (503, with our reference),
// never an internal error and never "the Sales API could not be reached".
const down = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
const isDown = (error: unknown) => (error as { code?: string }).code === "ECONNREFUSED";

class Store {
  calls = 0;
  async read(fail: unknown): Promise<string> {
    this.calls++;
    if (fail) throw fail;
    return "value";
  }
  write(fail: unknown): number {
    if (fail) throw fail;
    return 1;
  }
}

describe("guardStore", () => {
  it("turns a connection failure into StorageUnavailableError naming the variable, async or not", async () => {
    const store = guardStore(new Store(), "postgres", isDown);
    const error = await store.read(down).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StorageUnavailableError);
    expect(error).toMatchObject({ backend: "postgres", variable: "SALESDASH_DATABASE_URL", cause: down });
    expect(() => store.write(down)).toThrow(StorageUnavailableError);
    expect(() => guardStore(new Store(), "redis", isDown).write(down)).toThrow(/Redis \(SALESDASH_REDIS_URL\) cannot be reached/);
  });

  it("passes answers and other errors through unchanged", async () => {
    const store = guardStore(new Store(), "redis", isDown);
    expect(await store.read(null)).toBe("value");
    expect(store.calls).toBe(1);
    const bug = new TypeError("a bug");
    await expect(store.read(bug)).rejects.toBe(bug);
  });
});

describe("a storage failure, described", () => {
  it("is its own kind, answered 503 with a sentence and our reference", () => {
    const error = new StorageUnavailableError("redis", down);
    expect(errorKind(error)).toBe("storage");
    expect(failureStatus("storage")).toBe(503);
    const failure = describeReportError(error, "ref-123");
    expect(failure).toMatchObject({ kind: "storage", title: "Storage unavailable", correlationId: "ref-123" });
    expect(failure.action).not.toMatch(/127\.0\.0\.1|ECONNREFUSED/);
  });
});
