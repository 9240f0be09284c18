// Issue #24, point 13: while PostgreSQL is away, a shared page, its CSV and the mirror's status
// route say "storage unavailable" with a reference (503), logged under that reference, the way
// the reports say it, never a bare 500. The stores throw what guardStore makes of a lost
// connection: a StorageUnavailableError (tests/backends prove that of the real stores).
import { beforeEach, describe, expect, it, vi } from "vitest";
import { setLogSink } from "@/lib/log/server-log";
import { StorageUnavailableError } from "@/lib/store/storage-unavailable";

const outage = () => new StorageUnavailableError("postgres", new Error("connect ECONNREFUSED 10.1.2.3:5432"));
const openShareLink = vi.fn();
const getSessionAccount = vi.fn();
vi.mock("@/lib/sharing/share-links", () => ({ openShareLink: (...a: unknown[]) => openShareLink(...a) }));
vi.mock("@/lib/sharing/open-rate-limit", () => ({ clientIp: () => "203.0.113.7", consumeShareOpen: async () => ({ ok: true }) }));
vi.mock("@/lib/auth/session", () => ({ getSessionAccount: () => getSessionAccount(), getSessionClient: async () => ({ identity: "acct" }) }));
vi.mock("@/lib/env", () => ({ getServerEnv: () => ({ SALESDASH_SYNC_DAYS: 730 }) }));

const { openSharedPage } = await import("@/lib/sharing/shared-page");
const { sharedExportResponse } = await import("@/lib/sharing/shared-export");
const { GET: mirrorStatus } = await import("@/app/api/mirror/status/route");

const TOKEN = "tok_0123456789abcdefghijklmnop";
let lines: string[] = [];
beforeEach(() => {
  vi.clearAllMocks();
  lines = [];
  setLogSink((line) => lines.push(line));
  openShareLink.mockRejectedValue(outage());
  getSessionAccount.mockRejectedValue(outage());
});

function expectLogged(reference: string, event: string) {
  const line = lines.find((l) => l.includes(reference));
  expect(line).toBeDefined();
  expect(JSON.parse(line!)).toMatchObject({ event, status: 503, kind: "storage", correlation_id: reference });
  expect(line).not.toContain(TOKEN);
}

describe("during a PostgreSQL outage", () => {
  it("a shared page says storage unavailable with the reference it logged", async () => {
    const opened = await openSharedPage(TOKEN, { headers: new Headers(), cookies: { get: () => undefined }, countView: true });
    expect(opened).toMatchObject({ kind: "storage_unavailable", status: 503, message: expect.stringMatching(/^Storage unavailable\. /) });
    expectLogged((opened as { reference: string }).reference, "share_storage_unavailable");
  });

  it("a shared CSV answers 503 with the sentence and its reference, not an empty 500", async () => {
    const response = await sharedExportResponse(new Request(`http://127.0.0.1/s/${TOKEN}/csv/summary`), TOKEN, "summary", { get: () => undefined });
    expect(response.status).toBe(503);
    const body = (await response.json()) as { error: { code: string; message: string; correlation_id: string } };
    expect(body.error).toMatchObject({ code: "storage", message: expect.stringMatching(/^Storage unavailable\. /) });
    expectLogged(body.error.correlation_id, "share_storage_unavailable");
  });

  it("the mirror's status route answers 503 storage unavailable with a logged reference", async () => {
    const response = await mirrorStatus();
    expect(response.status).toBe(503);
    const body = (await response.json()) as { error: { code: string; message: string; correlation_id: string } };
    expect(body.error).toMatchObject({ code: "storage", message: expect.stringMatching(/^Storage unavailable\. /) });
    expectLogged(body.error.correlation_id, "report_failed");
    expect(JSON.stringify(body)).not.toContain("10.1.2.3");
  });
});
