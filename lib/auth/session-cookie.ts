// The session cookie exactly as next-auth writes it (next-auth/core/lib/cookie.js): one place
// for its name and attributes, so the sign-in and sign-out actions, /session-ended and next-auth's
// own route handler all read and write the same cookie.

// Over HTTPS the session cookie is "__Host-next-auth.session-token": a browser accepts that name
// only Secure, for path "/" and without a Domain, so a neighbouring subdomain or a plain-HTTP
// page cannot toss in a cookie of that name and sign a visitor in as someone else. next-auth's
// own "__Secure-" would still accept a cookie set with Domain by a sibling host. Over HTTPS the
// unprefixed name is not read at all; it serves plain http:// only (local use, the e2e suite),
// where a prefix cannot be set. next-auth gets the same name (auth-options.ts).
const SESSION_COOKIE_NAMES = ["__Host-next-auth.session-token", "next-auth.session-token"] as const;

// Every session cookie name this dashboard or next-auth's defaults ever wrote (".0", ".1"…: a
// token split over several cookies), so that sign-in and sign-out clear older ones too.
const SESSION_COOKIE = /^(__Secure-|__Host-)?next-auth\.session-token(\.\d+)?$/;

export function isSessionCookie(name: string): boolean {
  return SESSION_COOKIE.test(name);
}

/** next-auth's useSecureCookies: Secure cookies whenever the dashboard's URL is https://. */
export function secureSessionCookie(dashboardUrl: string | undefined): boolean {
  return (dashboardUrl ?? "").startsWith("https://");
}

/** The one name a session cookie is written and read under: never the other one. */
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

/** The attributes that delete a session cookie named `name`. A prefixed name is only accepted (even to expire it) on a Secure cookie. */
export function expiredSessionCookieAttributes(name: string) {
  return { path: "/", maxAge: 0, httpOnly: true, sameSite: "lax", secure: name.startsWith("__Secure-") || name.startsWith("__Host-") } as const;
}

// next-auth splits a token longer than this over several cookies; ours (a vault reference, a
// label of at most 60 characters, the key type and target) is a few hundred characters.
export const SESSION_COOKIE_MAX_VALUE = 4096 - 163;
