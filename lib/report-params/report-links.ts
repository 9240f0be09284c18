// Links between reports. What the navigation carries from one report to the next: the range, the comparison, the
// time zone, the currency and the granularity. Filters, the refunds' dating and a table's
// sort and page belong to one report and stay behind.
export const CARRIED_PARAMS = ["preset", "from", "to", "compare", "tz", "currency", "granularity"] as const;

export function carriedQuery(search: URLSearchParams): string {
  const kept = new URLSearchParams();
  for (const name of CARRIED_PARAMS) {
    const value = search.get(name);
    if (value) kept.set(name, value);
  }
  return kept.toString();
}

export function withCarried(path: string, search: URLSearchParams): string {
  const query = carriedQuery(search);
  return query ? `${path}?${query}` : path;
}

/** A page's own address as the browser asked for it (every value, in order), for the way back after sign-in. */
export function reportPagePath(path: string, raw: Record<string, string | string[] | undefined>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(raw)) {
    for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value]) query.append(name, v);
  }
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}

/** The time zone a report query is in (its tables write times there and name it). */
export function zoneOfQuery(query: string): string {
  return new URLSearchParams(query).get("tz") || "UTC";
}
