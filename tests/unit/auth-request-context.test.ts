// One request context (issue #26, point 2): a Revenue page view (its layout, its page and the
// work the layout leaves for after the response) reads the session's vault entry once (and the
// account's kept key once, for the menu) and builds one client,
// however many of its parts ask for the session; and reading the session starts nothing (the
// account's sync starts at sign-in and is resumed by the server: auth-session-sync.test.ts). The
// layout lists the registry's reports in the navigation.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { encode } from "next-auth/jwt";
import { afterAll, beforeAll, expect, it, vi } from "vitest";

const SECRET = "unit-test-secret-0123456789abcdef0123456789";
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "salesdash-request-context-"));
vi.stubEnv("AUTH_SECRET", SECRET);
vi.stubEnv("SALESDASH_DATA_DIR", dir);
vi.stubEnv("NEXTAUTH_URL", "http://127.0.0.1:3100");
// A client is built, never used: no request leaves the test.
vi.stubEnv("SALES_API_BASE_URL", "https://127.0.0.1:9");
afterAll(() => {
  vi.unstubAllEnvs();
  fs.rmSync(dir, { recursive: true, force: true });
});

const request = vi.hoisted(() => ({ id: 0, cookies: new Map<string, string>(), after: [] as Array<() => unknown> }));
vi.mock("react", async (importOriginal) => {
  const react = await importOriginal<typeof import("react")>();
  // React's cache as a server render has it: one answer per function and arguments, per request.
  const cache = <A extends unknown[], R>(fn: (...args: A) => R) => {
    const answers = new Map<string, R>();
    return (...args: A): R => {
      const key = `${request.id} ${JSON.stringify(args)}`;
      if (!answers.has(key)) answers.set(key, fn(...args));
      return answers.get(key)!;
    };
  };
  return { ...react, cache, default: { ...react, cache } };
});
vi.mock("next/headers", () => ({
  cookies: async () => ({ get: (name: string) => (request.cookies.has(name) ? { name, value: request.cookies.get(name) } : undefined) }),
}));
vi.mock("next/server", async (importOriginal) => ({ ...(await importOriginal<typeof import("next/server")>()), after: (task: () => unknown) => void request.after.push(task) }));
// What the shell shows beside the account: no upstream probe, no share link to rebuild.
vi.mock("@/lib/upstream-health", () => ({ readUpstreamHealth: async () => ({ state: "ok" }) }));
vi.mock("@/lib/sharing/live-refresh", () => ({ refreshLiveShareLinks: async () => undefined }));
const built = vi.hoisted(() => ({ clients: 0 }));
vi.mock("@/lib/mirror/mirror-access", async (importOriginal) => {
  const actual = await importOriginal<typeof import("@/lib/mirror/mirror-access")>();
  return { ...actual, createMirroredClient: (...args: Parameters<typeof actual.createMirroredClient>) => (built.clients++, actual.createMirroredClient(...args)) };
});

const { SqliteVaultStore } = await import("@/lib/store/sqlite-vault-store");
const { getCredentialVault } = await import("@/lib/auth/credential-vault");
const { getProcessState } = await import("@/lib/store/process-state");
const { default: DashboardLayout } = await import("@/app/(dashboard)/layout");
const { default: RevenuePage } = await import("@/app/(dashboard)/revenue/page");
const { REPORT_MODULES } = await import("@/lib/reports/server/report-registry");
const { GET: rowsGET } = await import("@/app/api/reports/[report]/rows/[table]/route");

const vaultReads = vi.spyOn(SqliteVaultStore.prototype, "get");

beforeAll(async () => {
  const ref = await getCredentialVault().put({ credential: { kind: "api-key", apiKey: "sak_unit_test_key" }, target: "production", keyType: "creator" }, 60_000);
  request.cookies.set("next-auth.session-token", await encode({ token: { vaultRef: ref, label: "Aurora", keyType: "creator", target: "production" }, secret: SECRET }));
});

/** One page view as Next.js renders it: the layout and the page side by side, then the layout's after-work. */
async function revenuePageView(): Promise<void> {
  request.id++;
  request.after = [];
  await Promise.all([DashboardLayout({ children: null }), RevenuePage({ searchParams: Promise.resolve({ from: "2026-06-01", to: "2026-06-10", tz: "UTC" }) })]);
  for (const task of request.after) await task();
}

it("a Revenue page view reads the vault once and builds one client, and starts no sync", async () => {
  for (let view = 1; view <= 2; view++) {
    vaultReads.mockClear();
    built.clients = 0;
    await revenuePageView();
    // The session's entry once; and once the account's kept key (issue #27, point 5), whose state the menu shows.
    const refs = vaultReads.mock.calls.map(([ref]) => ref);
    expect(refs.filter((ref) => !ref.startsWith("kept:"))).toHaveLength(1);
    expect(refs.filter((ref) => ref.startsWith("kept:"))).toHaveLength(1);
    expect(built.clients).toBe(1);
  }
  expect(getProcessState().syncs.size).toBe(0);
});

it("a report route reads the vault once and builds one client, through its wrapper", async () => {
  vaultReads.mockClear();
  built.clients = 0;
  request.id++;
  // A table the report does not have: answered once the session and its client are resolved, before any upstream request.
  const answer = await rowsGET(new Request("http://127.0.0.1:3100/api/reports/revenue/rows/nope?from=2026-06-01&to=2026-06-10&tz=UTC"), { params: Promise.resolve({ report: "revenue", table: "nope" }) });
  expect(answer.status).toBe(404);
  expect(vaultReads).toHaveBeenCalledTimes(1);
  expect(built.clients).toBe(1);
});

// The navigation is the registry's (issue #26, point 1): a report registered in one line is listed.
it("lists in the navigation every report of the registry, a sixth one registered here included", async () => {
  const sixth = { ...REPORT_MODULES[1]!, id: "sixth", path: "/sixth", label: "Sixth", creatorOnly: false } as unknown as (typeof REPORT_MODULES)[number];
  REPORT_MODULES.push(sixth);
  try {
    request.id++;
    const shell = (await DashboardLayout({ children: null })) as { props: { reports: Array<{ id: string; path: string; label: string }> } };
    expect(shell.props.reports.map((r) => r.id)).toEqual(["overview", "revenue", "orders", "abandonment", "refunds", "affiliates", "payouts", "sixth"]);
    expect(shell.props.reports.at(-1)).toEqual({ id: "sixth", path: "/sixth", label: "Sixth" });
  } finally {
    REPORT_MODULES.splice(REPORT_MODULES.indexOf(sixth), 1);
  }
});
