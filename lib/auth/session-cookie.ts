// The names next-auth gives the session cookie: "__Secure-" when the dashboard is served over
// HTTPS, and ".0", ".1"… suffixes if a token ever grows past one cookie's size.
export const SESSION_COOKIE_NAMES = ["__Secure-next-auth.session-token", "next-auth.session-token"] as const;

const SESSION_COOKIE = /^(__Secure-)?next-auth\.session-token(\.\d+)?$/;

export function isSessionCookie(name: string): boolean {
  return SESSION_COOKIE.test(name);
}
