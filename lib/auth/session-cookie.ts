// The session cookie exactly as next-auth writes it (next-auth/core/lib/cookie.js): one place
// for its name and attributes, so the sign-in and sign-out actions, /session-ended and next-auth's
// own route handler all read and write the same cookie.

// The names next-auth gives the session cookie: "__Secure-" when the dashboard is served over
// HTTPS, and ".0", ".1"… suffixes if a token ever grows past one cookie's size.
export const SESSION_COOKIE_NAMES = ["__Secure-next-auth.session-token", "next-auth.session-token"] as const;

const SESSION_COOKIE = /^(__Secure-)?next-auth\.session-token(\.\d+)?$/;

export function isSessionCookie(name: string): boolean {
  return SESSION_COOKIE.test(name);
}

/** next-auth's useSecureCookies: Secure cookies whenever the dashboard's URL is https://. */
export function secureSessionCookie(dashboardUrl: string | undefined): boolean {
  return (dashboardUrl ?? "").startsWith("https://");
}

export function sessionCookieName(secure: boolean): (typeof SESSION_COOKIE_NAMES)[number] {
  return secure ? SESSION_COOKIE_NAMES[0] : SESSION_COOKIE_NAMES[1];
}

export interface SessionCookieAttributes {
  httpOnly: true;
  sameSite: "lax";
  path: "/";
  secure: boolean;
  expires: Date;
}

/** next-auth's defaults for the session token, expiring with the session (maxAge seconds from now). */
export function sessionCookieAttributes(secure: boolean, maxAgeSeconds: number, now = Date.now()): SessionCookieAttributes {
  return { httpOnly: true, sameSite: "lax", path: "/", secure, expires: new Date(now + maxAgeSeconds * 1000) };
}

/** The attributes that delete a session cookie named `name`. The __Secure- prefix is only accepted (even to expire it) on a Secure cookie. */
export function expiredSessionCookieAttributes(name: string) {
  return { path: "/", maxAge: 0, httpOnly: true, sameSite: "lax", secure: name.startsWith("__Secure-") } as const;
}

// next-auth splits a token longer than this over several cookies; ours (a vault reference, a
// label of at most 60 characters, the key type and target) is a few hundred characters.
export const SESSION_COOKIE_MAX_VALUE = 4096 - 163;
