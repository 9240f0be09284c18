// The sign-in and sign-out actions write and remove the session cookie themselves: it must be
// the cookie next-auth writes (its name, its attributes, its own JWT encoding) so that
// everything reading the session is unchanged, and it must hold no credential.
import { createRequire } from "node:module";
import path from "node:path";
import { decode } from "next-auth/jwt";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  expiredSessionCookieAttributes,
  isSessionCookie,
  secureSessionCookie,
  sessionCookieAttributes,
  sessionCookieName,
} from "@/lib/auth/session-cookie";

type Set = { name: string; value: string; options: Record<string, unknown> };
const jar = new Map<string, string>();
const sets: Set[] = [];
vi.mock("next/headers", () => ({
  cookies: async () => ({
    getAll: () => [...jar].map(([name, value]) => ({ name, value })),
    set: (name: string, value: string, options: Record<string, unknown>) => void sets.push({ name, value, options }),
  }),
}));

// next-auth's own defaults, from the module its route handler uses (by file: the package's
// exports map does not list it).
const require = createRequire(import.meta.url);
const nextAuthDir = path.resolve(path.dirname(require.resolve("next-auth/jwt")), "..");
const { defaultCookies } = require(path.join(nextAuthDir, "core/lib/cookie.js")) as {
  defaultCookies: (secure: boolean) => { sessionToken: { name: string; options: Record<string, unknown> } };
};

const SECRET = "unit-test-secret-0123456789abcdef0123456789";
const ACCOUNT = { vaultRef: "ref-abc", label: "Aurora Academy", keyType: "creator", target: "staging" } as const;

beforeEach(() => {
  jar.clear();
  sets.length = 0;
});
afterEach(() => vi.unstubAllEnvs());

async function sessionToken(env: Record<string, string>) {
  vi.resetModules();
  for (const [k, v] of Object.entries(env)) vi.stubEnv(k, v);
  return import("@/lib/auth/session-token");
}

describe("the session cookie's name and attributes", () => {
  for (const secure of [false, true]) {
    it(`have next-auth's attributes (${secure ? "https" : "http"})`, () => {
      const theirs = defaultCookies(secure).sessionToken;
      const ours = sessionCookieAttributes(secure, 3600, 0);
      expect({ httpOnly: ours.httpOnly, sameSite: ours.sameSite, path: ours.path, secure: ours.secure }).toEqual(theirs.options);
      expect(ours.expires.getTime()).toBe(3600 * 1000);
      expect(isSessionCookie(theirs.name)).toBe(true);
    });
  }

  // Issue #24, point 15: a cookie tossed in by a sibling host must not sign anyone in over HTTPS.
  it("are named __Host- over https (Secure, path /, no Domain: what that prefix demands), plain over http", () => {
    expect(sessionCookieName(true)).toBe("__Host-next-auth.session-token");
    expect(sessionCookieName(false)).toBe("next-auth.session-token");
    const secure = sessionCookieAttributes(true, 3600, 0);
    expect(secure).toMatchObject({ secure: true, path: "/" });
    expect(secure).not.toHaveProperty("domain");
    expect(isSessionCookie("__Host-next-auth.session-token")).toBe(true);
  });

  it("are Secure exactly when the dashboard's URL is https://", () => {
    expect(secureSessionCookie("https://dash.example.com")).toBe(true);
    expect(secureSessionCookie("http://127.0.0.1:3100")).toBe(false);
    expect(secureSessionCookie(undefined)).toBe(false);
  });

  it("expire a prefixed cookie as a Secure cookie (browsers refuse it otherwise)", () => {
    expect(expiredSessionCookieAttributes("__Host-next-auth.session-token")).toMatchObject({ maxAge: 0, secure: true, path: "/" });
    expect(expiredSessionCookieAttributes("__Secure-next-auth.session-token")).toMatchObject({ maxAge: 0, secure: true, path: "/" });
    expect(expiredSessionCookieAttributes("next-auth.session-token")).toMatchObject({ maxAge: 0, secure: false, path: "/" });
  });
});

describe("setSessionCookie", () => {
  it("writes next-auth's JWT with the vault reference, label, key type and target only", async () => {
    const { setSessionCookie } = await sessionToken({ AUTH_SECRET: SECRET, NEXTAUTH_URL: "http://127.0.0.1:3100", SESSION_MAX_AGE_SECONDS: "600" });
    const before = Date.now();
    await setSessionCookie(ACCOUNT);
    expect(sets).toHaveLength(1);
    const [cookie] = sets;
    expect(cookie!.name).toBe("next-auth.session-token");
    expect(cookie!.options).toMatchObject({ httpOnly: true, sameSite: "lax", path: "/", secure: false });
    const expires = (cookie!.options.expires as Date).getTime();
    expect(expires).toBeGreaterThanOrEqual(before + 600_000);
    expect(expires).toBeLessThanOrEqual(Date.now() + 600_000);
    // Decoded the way lib/auth/session.ts and next-auth's /api/auth/session decode it.
    const claims = await decode({ token: cookie!.value, secret: SECRET });
    expect(claims).toMatchObject(ACCOUNT);
    expect(Object.keys(claims ?? {}).sort()).toEqual(["exp", "iat", "jti", "keyType", "label", "target", "vaultRef"]);
    expect((claims!.exp as number) - (claims!.iat as number)).toBe(600);
  });

  it("uses the __Host- name over https and drops a session cookie of the other name", async () => {
    jar.set("next-auth.session-token", "old");
    jar.set("unrelated", "keep");
    const { setSessionCookie } = await sessionToken({ AUTH_SECRET: SECRET, NEXTAUTH_URL: "https://dash.example.com" });
    await setSessionCookie(ACCOUNT);
    expect(sets.map((s) => [s.name, s.value === "" ? "cleared" : "set"])).toEqual([
      ["next-auth.session-token", "cleared"],
      ["__Host-next-auth.session-token", "set"],
    ]);
    expect(sets[1]!.options).toMatchObject({ secure: true });
  });

  it("refuses to write a session without an app secret", async () => {
    const { setSessionCookie } = await sessionToken({ AUTH_SECRET: "" });
    await expect(setSessionCookie(ACCOUNT)).rejects.toThrow(/AUTH_SECRET/);
    expect(sets).toEqual([]);
  });
});

describe("clearSessionCookies", () => {
  it("expires every session cookie the browser sent, chunks included, and nothing else", async () => {
    for (const name of ["next-auth.session-token", "__Secure-next-auth.session-token", "__Host-next-auth.session-token", "next-auth.session-token.0", "next-auth.csrf-token", "theme"]) jar.set(name, "x");
    const { clearSessionCookies } = await sessionToken({ AUTH_SECRET: SECRET });
    await clearSessionCookies();
    expect(sets.map((s) => s.name)).toEqual(["next-auth.session-token", "__Secure-next-auth.session-token", "__Host-next-auth.session-token", "next-auth.session-token.0"]);
    for (const s of sets) expect(s).toMatchObject({ value: "", options: { maxAge: 0 } });
  });
});
