// Where to go after sign-in: only a path on this site, never another origin.
export function safeCallbackPath(value: string | string[] | undefined, fallback = "/revenue"): string {
  const path = Array.isArray(value) ? value[0] : value;
  if (!path || !path.startsWith("/") || path.startsWith("//") || path.startsWith("/\\")) return fallback;
  return path;
}
