import "server-only";

// The session cookie written and removed by the sign-in and sign-out server actions, exactly as
// next-auth would: its own `encode` (next-auth/jwt, the same secret and salt), its cookie name
// and attributes. Everything that reads the session (lib/auth/session.ts, next-auth's
// /api/auth/session) reads these cookies unchanged.
import { cookies } from "next/headers";
import { encode } from "next-auth/jwt";
import { getServerEnv } from "@/lib/env";
import { sessionClaims, type SignedInAccount } from "./session-claims";
import {
  expiredSessionCookieAttributes,
  isSessionCookie,
  SESSION_COOKIE_MAX_VALUE,
  sessionCookieAttributes,
  sessionCookieName,
  secureSessionCookie,
} from "./session-cookie";

export async function setSessionCookie(account: SignedInAccount): Promise<void> {
  const env = getServerEnv();
  if (!env.AUTH_SECRET) throw new Error("AUTH_SECRET is not set: sign-in is not configured on this server");
  const maxAge = env.SESSION_MAX_AGE_SECONDS;
  const token = await encode({ token: sessionClaims(account), secret: env.AUTH_SECRET, maxAge });
  // next-auth would split a longer token over ".0", ".1"… cookies, which the pages do not read;
  // the claims are bounded (a 60-character label at most), so this never happens.
  if (token.length > SESSION_COOKIE_MAX_VALUE) throw new Error("session token too long for one cookie");
  const secure = secureSessionCookie(env.NEXTAUTH_URL);
  const name = sessionCookieName(secure);
  const jar = await cookies();
  // Whatever session cookie the browser had before (another name, old chunks) goes.
  for (const old of jar.getAll()) if (isSessionCookie(old.name) && old.name !== name) jar.set(old.name, "", expiredSessionCookieAttributes(old.name));
  jar.set(name, token, sessionCookieAttributes(secure, maxAge));
}

export async function clearSessionCookies(): Promise<void> {
  const jar = await cookies();
  for (const { name } of jar.getAll()) if (isSessionCookie(name)) jar.set(name, "", expiredSessionCookieAttributes(name));
}
