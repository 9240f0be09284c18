// Where to go after sign-in (or after an ended session): only a path on this site, never
// another origin. Every redirect target the app chooses goes through here: the sign-in
// page, the sign-in form, next-auth's redirect callback and the ended-session handler.
//
// Pure and browser-safe: the sign-in form calls it too.

const PLACEHOLDER_ORIGIN = "https://salesdash.invalid";
const MAX_LENGTH = 2048;
// How many rounds of percent-decoding are tried: a value still changing after that is
// nested encoding meant to slip past a check, not a link a person made.
const MAX_DECODE_ROUNDS = 4;

// Browsers drop tabs and newlines anywhere in a URL and trim C0 controls and spaces at its
// ends ("/\t/evil.com" is followed as "//evil.com"), and they read "\" as "/". None of
// these, nor other whitespace, invisible format characters or C1 controls, belong in a link
// the app makes, so a value holding any of them, raw or once decoded, is refused.
const FORBIDDEN = /[\u0000-\u001f\u007f-\u009f\\\s\p{Cf}\p{Zl}\p{Zp}]/u;

/** The value and each of its percent-decoded forms, or null when it does not decode cleanly. */
function decodedForms(value: string): string[] | null {
  const forms = [value];
  let current = value;
  for (let round = 0; round < MAX_DECODE_ROUNDS; round++) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return null; // a stray "%" is not in any link the app makes
    }
    if (next === current) return forms;
    forms.push(next);
    current = next;
  }
  return null;
}

/** A path a browser reads as another origin ("//host", "/\host"), or one that resolves off site. */
function leavesSite(form: string): boolean {
  if (!form.startsWith("/") || form.startsWith("//")) return true;
  let resolved: URL;
  try {
    resolved = new URL(form, PLACEHOLDER_ORIGIN);
  } catch {
    return true;
  }
  // "/.//evil.example" and "/..//evil.example" resolve to the pathname "//evil.example":
  // same origin here, but handed back as a Location it is a protocol-relative URL.
  return resolved.origin !== PLACEHOLDER_ORIGIN || resolved.pathname.startsWith("//");
}

export function safeCallbackPath(value: string | string[] | undefined, fallback = "/overview"): string {
  const raw = Array.isArray(value) ? value[0] : value;
  if (typeof raw !== "string" || raw === "" || raw.length > MAX_LENGTH) return fallback;
  // Only the path decides where a browser goes: it is checked in every decoded form. The
  // query and fragment are checked as written, since their decoded values are the user's own
  // text ("?product=Sourdough%20Masterclass" decodes to a space, "%25" to a lone "%").
  const cut = raw.search(/[?#]/);
  const pathPart = cut === -1 ? raw : raw.slice(0, cut);
  const rest = cut === -1 ? "" : raw.slice(cut);
  const forms = decodedForms(pathPart);
  if (!forms || FORBIDDEN.test(rest)) return fallback;
  for (const form of forms) {
    if (FORBIDDEN.test(form) || leavesSite(form)) return fallback;
  }
  // Normalised by the URL parser ("/a/./b" → "/a/b", unsafe characters percent-encoded), so
  // what is returned is exactly what was checked.
  const resolved = new URL(raw, PLACEHOLDER_ORIGIN);
  const path = `${resolved.pathname}${resolved.search}${resolved.hash}`;
  return leavesSite(path) ? fallback : path;
}

/**
 * next-auth's redirect callback: an absolute URL on this dashboard or a path, reduced to a
 * safe path on `baseUrl`; anything else goes to the fallback page.
 */
export function safeRedirectUrl(url: string, baseUrl: string, fallback = "/overview"): string {
  const base = new URL(baseUrl);
  let candidate: string | undefined = url;
  if (!url.startsWith("/")) {
    try {
      const absolute = new URL(url);
      candidate = absolute.origin === base.origin ? `${absolute.pathname}${absolute.search}${absolute.hash}` : undefined;
    } catch {
      candidate = undefined;
    }
  }
  return `${base.origin}${safeCallbackPath(candidate, fallback)}`;
}
