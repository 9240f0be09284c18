// What "signed in" means (issue #10, points 2 and 4): the request's cookies are read before
// anything can return early, and a cookie whose vault entry is gone is an ended session.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { encode } from "next-auth/jwt";
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { decideSession, endedSessionPath, parseEndReason, sessionEndedSentence } from "@/lib/auth/session-decision";

const cookieJar = new Map<string, string>();
const cookiesCalls = vi.fn();
vi.mock("next/headers", () => ({
  cookies: async () => {
    cookiesCalls();
    return { get: (name: string) => (cookieJar.has(name) ? { name, value: cookieJar.get(name) } : undefined) };
  },
}));

const SECRET = "unit-test-secret-0123456789abcdef0123456789";
const tempDirs: string[] = [];
afterAll(() => {
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});

const TOKEN = { vaultRef: "ref-1", label: "Aurora", keyType: "creator", target: "production" };

describe("decideSession", () => {
  const has = (refs: string[]) => async (ref: string) => refs.includes(ref);

  it("is signed out without a cookie, whatever the vault holds", async () => {
    expect(await decideSession({ present: false }, has(["ref-1"]))).toEqual({ kind: "signed-out" });
  });

  it("is signed in when the cookie decodes and its vault entry exists", async () => {
    expect(await decideSession({ present: true, token: TOKEN }, has(["ref-1"]))).toEqual({
      kind: "signed-in",
      account: { label: "Aurora", keyType: "creator", target: "production", vaultRef: "ref-1" },
    });
  });

  it("has ended when the vault entry is gone (a replayed signed-out cookie, or an expired entry)", async () => {
    expect(await decideSession({ present: true, token: TOKEN }, has([]))).toEqual({ kind: "ended", reason: "credential-gone", vaultRef: "ref-1" });
  });

  it("has ended when the cookie does not decode or lacks what a session holds", async () => {
    expect(await decideSession({ present: true, token: null }, has(["ref-1"]))).toEqual({ kind: "ended", reason: "invalid" });
    expect(await decideSession({ present: true, token: { label: "x" } }, has(["ref-1"]))).toMatchObject({ kind: "ended", reason: "invalid" });
    expect(await decideSession({ present: true, token: { ...TOKEN, keyType: "admin" } }, has(["ref-1"]))).toMatchObject({ kind: "ended", reason: "invalid" });
  });

  it("names the reason in a sentence, and reads only its own reasons back from a URL", () => {
    expect(sessionEndedSentence("credential-gone")).toBe("Your session has ended (the stored credential is gone). Sign in again.");
    expect(parseEndReason("credential-gone")).toBe("credential-gone");
    expect(parseEndReason(["invalid"])).toBe("invalid");
    for (const other of ["toString", "__proto__", "", undefined]) expect(parseEndReason(other)).toBeNull();
    expect(endedSessionPath("credential-gone", "/orders")).toBe("/session-ended?reason=credential-gone&callbackUrl=%2Forders");
  });
});

describe("getSessionState", () => {
  beforeEach(() => {
    vi.resetModules();
    cookieJar.clear();
    cookiesCalls.mockClear();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "salesdash-session-state-"));
    tempDirs.push(dir);
    vi.stubEnv("SALESDASH_DATA_DIR", dir);
  });
  afterEach(() => vi.unstubAllEnvs());

  /**
   * The session module with AUTH_SECRET set (and NEXTAUTH_URL, when given), a vault entry for a
   * key, and a session cookie's value naming that entry.
   */
  async function sessionWithVaultEntry(url?: string) {
    vi.stubEnv("AUTH_SECRET", SECRET);
    if (url) vi.stubEnv("NEXTAUTH_URL", url);
    const session = await import("@/lib/auth/session");
    const vault = (await import("@/lib/auth/credential-vault")).getCredentialVault();
    const ref = await vault.put({ credential: { kind: "api-key", apiKey: "sak_unit_test_key" }, target: "production" }, 60_000);
    const token = await encode({ token: { ...TOKEN, vaultRef: ref }, secret: SECRET });
    return { ...session, vault, ref, token };
  }

  // A build made without AUTH_SECRET prerendered every report as a fixed redirect to
  // /sign-in, because this returned before touching the request.
  it("reads the request's cookies even when AUTH_SECRET is not set", async () => {
    vi.stubEnv("AUTH_SECRET", "");
    const { getSessionState } = await import("@/lib/auth/session");
    expect(await getSessionState()).toEqual({ kind: "signed-out" });
    expect(cookiesCalls).toHaveBeenCalled();
  });

  it("turns a cookie whose vault entry was removed into an ended session, and a present one into a signed-in one", async () => {
    const { getSessionState, getSessionAccount, vault, ref, token } = await sessionWithVaultEntry();
    cookieJar.set("next-auth.session-token", token);
    expect(await getSessionState()).toMatchObject({ kind: "signed-in", account: { vaultRef: ref } });
    await vault.remove(ref);
    expect(await getSessionState()).toEqual({ kind: "ended", reason: "credential-gone", vaultRef: ref });
    expect(await getSessionAccount()).toBeNull();
  });

  // Issue #24, point 15: over HTTPS a cookie of the plain name can be tossed in by another host.
  it("over https reads only the __Host- cookie: a valid session under the plain name signs nobody in", async () => {
    const { getSessionState, ref, token } = await sessionWithVaultEntry("https://dash.example.com");
    for (const name of ["next-auth.session-token", "__Secure-next-auth.session-token"]) {
      cookieJar.clear();
      cookieJar.set(name, token);
      expect(await getSessionState()).toEqual({ kind: "signed-out" });
    }
    cookieJar.clear();
    cookieJar.set("__Host-next-auth.session-token", token);
    expect(await getSessionState()).toMatchObject({ kind: "signed-in", account: { vaultRef: ref } });
  });

  it("over plain http (local use, the e2e suite) reads the plain name", async () => {
    const { getSessionState, ref, token } = await sessionWithVaultEntry("http://127.0.0.1:3100");
    cookieJar.set("next-auth.session-token", token);
    expect(await getSessionState()).toMatchObject({ kind: "signed-in", account: { vaultRef: ref } });
  });
});
