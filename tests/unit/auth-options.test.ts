import fs from "node:fs";
import os from "node:os";
import path from "node:path";
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

  it("give next-auth's own route the session cookie the pages read: __Host- over https, the plain name over http", async () => {
    const secure = (await optionsWith({ AUTH_SECRET: SECRET, NEXTAUTH_URL: "https://dash.example.com" })).cookies?.sessionToken;
    expect(secure).toEqual({ name: "__Host-next-auth.session-token", options: { httpOnly: true, sameSite: "lax", path: "/", secure: true } });
    const plain = (await optionsWith({ AUTH_SECRET: SECRET, NEXTAUTH_URL: "http://localhost:3000" })).cookies?.sessionToken;
    expect(plain).toMatchObject({ name: "next-auth.session-token", options: { secure: false } });
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

  // Issue #10 point 4: /api/auth/session kept saying "signed in" for a cookie whose vault
  // entry was gone. next-auth runs the jwt callback there and clears the cookie when it throws.
  it("end a session on its next read when its vault entry is gone", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "salesdash-auth-options-"));
    try {
      const options = await optionsWith({ AUTH_SECRET: SECRET, SALESDASH_DATA_DIR: dir });
      const { getCredentialVault } = await import("@/lib/auth/credential-vault");
      const ref = await getCredentialVault().put({ credential: { kind: "api-key", apiKey: "sak_unit_test_key" }, target: "production" }, 60_000);
      const token = { vaultRef: ref, label: "Aurora", keyType: "creator", target: "production" };
      await expect(options.callbacks!.jwt!({ token } as never)).resolves.toEqual(token);
      await getCredentialVault().remove(ref);
      await expect(options.callbacks!.jwt!({ token } as never)).rejects.toThrow(/session ended \(credential-gone\)/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("send next-auth's own redirects only to paths on this dashboard", async () => {
    const options = await optionsWith({ AUTH_SECRET: SECRET });
    const redirect = (url: string) => options.callbacks!.redirect!({ url, baseUrl: "http://127.0.0.1:3100" });
    expect(await redirect("/sign-in")).toBe("http://127.0.0.1:3100/sign-in");
    expect(await redirect("/.//evil.example")).toBe("http://127.0.0.1:3100/overview");
    expect(await redirect("https://evil.example/")).toBe("http://127.0.0.1:3100/overview");
  });
});
