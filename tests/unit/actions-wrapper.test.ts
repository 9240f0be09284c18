// The one wrapper of the product's server actions answers failures with the route handlers'
// error body, so the browser reads every failure the same way.
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { actionFailureText } from "@/lib/actions/action-result";
import { actionFailure, publicAction } from "@/lib/actions/session-action";
import { errorResponse } from "@/lib/reports/server/report-route";
import { StorageUnavailableError } from "@/lib/store/storage-unavailable";

vi.mock("@/lib/log/server-log", async (original) => ({ ...(await original<typeof import("@/lib/log/server-log")>()), log: () => undefined }));

describe("an action's failure", () => {
  it("is the route handlers' error body", async () => {
    const answered = (await errorResponse(403, "forbidden", "This report needs a creator key.", "abc-123").json()) as { error: unknown };
    expect(actionFailure("forbidden", "This report needs a creator key.", "abc-123")).toEqual({ ok: false, error: answered.error });
  });

  it("leaves out an absent reference, as the routes do", async () => {
    const answered = (await errorResponse(400, "invalid_request", "No.").json()) as { error: unknown };
    expect(actionFailure("invalid_request", "No.").error).toEqual(answered.error);
  });

  it("reads with its reference", () => {
    expect(actionFailureText({ code: "storage_unavailable", message: "Storage unavailable.", correlation_id: "r-1" })).toBe("Storage unavailable. (reference r-1)");
    expect(actionFailureText({ code: "invalid_request", message: "No." })).toBe("No.");
  });
});

describe("publicAction", () => {
  const echo = publicAction(z.object({ name: z.string().min(1, { error: "Give a name." }) }), async ({ name }) => ({ ok: true as const, data: name.toUpperCase() }));

  it("runs with checked input", async () => {
    expect(await echo({ name: "ana" })).toEqual({ ok: true, data: "ANA" });
  });

  it("answers bad input with its sentence, never running the action", async () => {
    expect(await echo({ name: "" })).toEqual({ ok: false, error: { code: "invalid_request", message: "Give a name." } });
    expect(await echo("not an object")).toMatchObject({ ok: false, error: { code: "invalid_request" } });
  });

  it("answers a shared store that is away with 'storage unavailable' and a reference", async () => {
    const down = publicAction(z.object({}), async () => {
      throw new StorageUnavailableError("postgres", new Error("connect ECONNREFUSED 127.0.0.1:5432"));
    });
    const result = await down({});
    expect(result).toMatchObject({ ok: false, error: { code: "storage_unavailable", message: "Storage unavailable: nothing was changed. Try again in a moment." } });
    expect(result.ok === false && result.error.correlation_id).toMatch(/\S{6,}/);
    // The driver's message (host, port) stays in the log.
    expect(JSON.stringify(result)).not.toContain("127.0.0.1");
  });

  it("lets a bug of ours through to the framework's error handling", async () => {
    const broken = publicAction(z.object({}), async () => {
      throw new TypeError("bug");
    });
    await expect(broken({})).rejects.toThrow("bug");
  });
});
