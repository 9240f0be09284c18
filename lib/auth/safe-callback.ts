// Where to go after sign-in: only a path on this site, never another origin.
export function safeCallbackPath(value: string | string[] | undefined, fallback = "/revenue"): string {
  const path = Array.isArray(value) ? value[0] : value;
  if (!path || !path.startsWith("/")) return fallback;
  // Browsers drop tabs and newlines from URLs ("/\t/evil.com" becomes "//evil.com"): resolve it
  // against a placeholder origin and accept it only if it stays there.
  if (/[\u0000-\u001f\u007f\s\\]/.test(path)) return fallback;
  let resolved: URL;
  try {
    resolved = new URL(path, "https://salesdash.invalid");
  } catch {
    return fallback;
  }
  if (resolved.origin !== "https://salesdash.invalid" || path.startsWith("//")) return fallback;
  return `${resolved.pathname}${resolved.search}${resolved.hash}`;
}
