// Signing in while the rate budget's Redis is away (issue #24, point 13): the credential was not
// refused, so the sign-in must not say so; the outage reaches the caller, which says "storage
// unavailable" with a logged reference (tests/unit/auth-sign-in-throttle.test.ts).
import { describe, expect, it, vi } from "vitest";
import { StorageUnavailableError } from "@/lib/store/storage-unavailable";

vi.mock("@/lib/sales-api", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/sales-api")>()),
  createSalesApiClient: () => ({ probeKeyType: () => Promise.reject(new StorageUnavailableError("redis", new Error("connect ECONNREFUSED"))) }),
}));

const { verifyCredential } = await import("@/lib/auth/verify-credential");

describe("verifyCredential while a shared back-end is away", () => {
  it("passes the outage on instead of answering that the Sales API refused the credential", async () => {
    const outcome = await verifyCredential({ apiKey: "sak_0123456789abcdef", target: "production" }).then(
      (verification) => verification,
      (error: unknown) => error,
    );
    expect(outcome).toBeInstanceOf(StorageUnavailableError);
  });
});
