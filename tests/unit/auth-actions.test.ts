// The sign-in and sign-out server actions: thin, on the shared wrapper, one result shape, and
// nothing of the credential in an answer.
import { beforeEach, describe, expect, it, vi } from "vitest";

const signInWithCredential = vi.fn();
const setSessionCookie = vi.fn();
const clearSessionCookies = vi.fn();
const vaultRemove = vi.fn();
const getSessionAccount = vi.fn();
const getSessionClient = vi.fn();

const env: { AUTH_SECRET?: string } = {};
vi.mock("@/lib/env", () => ({ getServerEnv: () => env }));
// The address the throttle counts against: whatever lib/http/client-address.ts makes of the request.
vi.mock("next/headers", () => ({ headers: async () => new Headers({ "x-forwarded-for": "203.0.113.7" }) }));
vi.mock("@/lib/http/client-address", () => ({ clientAddress: () => "203.0.113.7" }));
vi.mock("@/lib/auth/sign-in-credential", () => ({ signInWithCredential: (...a: unknown[]) => signInWithCredential(...a) }));
vi.mock("@/lib/auth/session-token", () => ({ setSessionCookie: (...a: unknown[]) => setSessionCookie(...a), clearSessionCookies: () => clearSessionCookies() }));
vi.mock("@/lib/auth/credential-vault", () => ({ getCredentialVault: () => ({ remove: (ref: string) => vaultRemove(ref) }) }));
vi.mock("@/lib/auth/session", () => ({ getSessionAccount: () => getSessionAccount(), getSessionClient: (a: unknown) => getSessionClient(a) }));

const { signInAction } = await import("@/lib/actions/auth/sign-in");
const { signOutAction } = await import("@/lib/actions/auth/sign-out");
const { StorageUnavailableError } = await import("@/lib/store/storage-unavailable");

const KEY = "sak_live_9Zx8Yw7Vu6Ts5Rq4Po3Nm2Lk1";
const ACCOUNT = { vaultRef: "ref-1", label: "Aurora", keyType: "creator", target: "production" };

beforeEach(() => {
  vi.clearAllMocks();
  env.AUTH_SECRET = "unit-test-secret-0123456789abcdef0123456789";
  signInWithCredential.mockResolvedValue({ ok: true, account: ACCOUNT });
});

describe("signInAction", () => {
  it("signs in with an API key (Flow A) and answers the safe callback path", async () => {
    const result = await signInAction({ apiKey: KEY, clientId: "", name: "Aurora", target: "production", callbackUrl: "/orders?from=2026-06-01&to=2026-06-15" });
    expect(result).toEqual({ ok: true, data: { redirectTo: "/orders?from=2026-06-01&to=2026-06-15" } });
    expect(signInWithCredential).toHaveBeenCalledWith({ apiKey: KEY, clientId: "", name: "Aurora", target: "production", callbackUrl: "/orders?from=2026-06-01&to=2026-06-15" }, "203.0.113.7");
    expect(setSessionCookie).toHaveBeenCalledWith(ACCOUNT);
  });

  it("passes a client ID on (Flow B) and the staging target", async () => {
    await signInAction({ apiKey: KEY, clientId: "cid_123", target: "staging" });
    expect(signInWithCredential).toHaveBeenCalledWith(expect.objectContaining({ clientId: "cid_123", target: "staging" }), "203.0.113.7");
  });

  it("never sends the browser to another origin", async () => {
    for (const hostile of ["//evil.example", "/.//evil.example", "https://evil.example/", "/%2F%2Fevil.example"]) {
      expect(await signInAction({ apiKey: KEY, callbackUrl: hostile })).toEqual({ ok: true, data: { redirectTo: "/overview" } });
    }
    expect(await signInAction({ apiKey: KEY })).toEqual({ ok: true, data: { redirectTo: "/overview" } });
  });

  it("refuses before checking anything when sign-in is not configured (no AUTH_SECRET)", async () => {
    env.AUTH_SECRET = undefined;
    const result = await signInAction({ apiKey: KEY });
    expect(result).toMatchObject({ ok: false, error: { code: "not_configured" } });
    expect(signInWithCredential).not.toHaveBeenCalled();
  });

  it("answers a refused credential with its sentence and writes no cookie", async () => {
    signInWithCredential.mockResolvedValue({ ok: false, code: "credential_refused", message: "This credential was not accepted (reference corr-1)." });
    const result = await signInAction({ apiKey: KEY });
    expect(result).toEqual({ ok: false, error: { code: "credential_refused", message: "This credential was not accepted (reference corr-1)." } });
    expect(setSessionCookie).not.toHaveBeenCalled();
  });

  it("passes the failure's reason, values and reference on, so the page can word it in the reader's language", async () => {
    const failure = { reason: "rate_limited", values: { seconds: 12 }, reference: "corr-2", message: "The Sales API is limiting requests for this credential. Try again in 12 seconds (reference corr-2)." };
    signInWithCredential.mockResolvedValue({ ok: false, code: "credential_refused", message: failure.message, failure });
    expect(await signInAction({ apiKey: KEY })).toEqual({ ok: false, error: { code: "credential_refused", ...failure } });
    signInWithCredential.mockResolvedValue({ ok: false, code: "storage_unavailable", message: "Storage unavailable (reference r-3).", reference: "r-3" });
    expect(await signInAction({ apiKey: KEY })).toEqual({ ok: false, error: { code: "storage_unavailable", message: "Storage unavailable (reference r-3).", reason: "storage_unavailable", reference: "r-3" } });
  });

  it("refuses malformed input without quoting it", async () => {
    for (const input of [{}, { apiKey: 42 }, { apiKey: KEY.repeat(40) }, { apiKey: KEY, target: KEY }, null]) {
      const result = await signInAction(input as never);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.error.code).toBe("invalid_request");
      expect(JSON.stringify(result)).not.toContain(KEY);
    }
    expect(signInWithCredential).not.toHaveBeenCalled();
  });
});

describe("signOutAction", () => {
  it("removes the session's vault entry, clears the cookie and answers the sign-in page", async () => {
    getSessionAccount.mockResolvedValue(ACCOUNT);
    getSessionClient.mockResolvedValue({ identity: "acct" });
    expect(await signOutAction()).toEqual({ ok: true, data: { redirectTo: "/sign-in" } });
    expect(vaultRemove).toHaveBeenCalledWith("ref-1");
    expect(clearSessionCookies).toHaveBeenCalled();
  });

  it("answers unauthenticated when the session is already over, and removes nothing", async () => {
    getSessionAccount.mockResolvedValue(null);
    const result = await signOutAction();
    expect(result).toMatchObject({ ok: false, error: { code: "unauthenticated" } });
    expect(vaultRemove).not.toHaveBeenCalled();
  });

  it("keeps the cookie when the vault cannot be reached: the session is not ended behind the person's back", async () => {
    getSessionAccount.mockResolvedValue(ACCOUNT);
    getSessionClient.mockResolvedValue({ identity: "acct" });
    vaultRemove.mockRejectedValue(new StorageUnavailableError("postgres", new Error("down")));
    const result = await signOutAction();
    expect(result).toMatchObject({ ok: false, error: { code: "storage_unavailable" } });
    expect(clearSessionCookies).not.toHaveBeenCalled();
  });
});
