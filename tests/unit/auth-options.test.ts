import { afterEach, describe, expect, it, vi } from "vitest";

async function optionsWith(env: Record<string, string>) {
  vi.resetModules();
  for (const [k, v] of Object.entries(env)) vi.stubEnv(k, v);
  const { getAuthOptions } = await import("@/lib/auth/auth-options");
  return getAuthOptions();
}

afterEach(() => vi.unstubAllEnvs());

const SECRET = "unit-test-secret-0123456789abcdef0123456789";

describe("next-auth options", () => {
  it("use Secure cookies when the dashboard is served over https", async () => {
    expect((await optionsWith({ AUTH_SECRET: SECRET, NEXTAUTH_URL: "https://dash.example.com" })).useSecureCookies).toBe(true);
    expect((await optionsWith({ AUTH_SECRET: SECRET, NEXTAUTH_URL: "http://localhost:3000" })).useSecureCookies).toBe(false);
  });

  it("keep sessions as JWTs for the configured lifetime", async () => {
    const options = await optionsWith({ AUTH_SECRET: SECRET, SESSION_MAX_AGE_SECONDS: "3600" });
    expect(options.session).toMatchObject({ strategy: "jwt", maxAge: 3600 });
    expect(options.jwt?.maxAge).toBe(3600);
  });

  it("put only the vault reference, key type and label in the token, and hide the reference from the browser", async () => {
    const options = await optionsWith({ AUTH_SECRET: SECRET });
    const user = { id: "ref-123", name: "Aurora", keyType: "creator", target: "production", apiKey: "sak_secret" };
    const token = await options.callbacks!.jwt!({ token: { sub: "x" }, user: user as never, account: null } as never);
    expect(token).toEqual({ vaultRef: "ref-123", label: "Aurora", keyType: "creator", target: "production", iat: undefined, exp: undefined, jti: undefined });
    const session = await options.callbacks!.session!({ session: { expires: "2026-01-01T00:00:00Z" }, token } as never);
    expect(JSON.stringify(session)).not.toContain("ref-123");
    expect(session).toEqual({ expires: "2026-01-01T00:00:00Z", account: { label: "Aurora", keyType: "creator", target: "production" } });
  });

  it("log error codes only, never their metadata", async () => {
    const options = await optionsWith({ AUTH_SECRET: SECRET });
    const spy = vi.spyOn(console, "error").mockImplementation(() => {});
    options.logger!.error!("CREDENTIALS_SIGNIN" as never, { apiKey: "sak_secret" } as never);
    expect(spy.mock.calls.flat().join(" ")).not.toContain("sak_secret");
    spy.mockRestore();
  });
});
