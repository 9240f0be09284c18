// IANA time zone names, checked against the runtime's own zone database.
export function isTimeZone(name: string): boolean {
  if (name === "UTC") return true;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: name });
    return /^[A-Za-z_]+(\/[A-Za-z0-9_+-]+)*$/.test(name);
  } catch {
    return false;
  }
}
