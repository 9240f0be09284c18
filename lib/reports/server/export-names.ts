import "server-only";

// The CSVs of a report by the name in the URL. A plain object would answer names such as
// "constructor" or "__proto__" with what every object inherits, so names are looked up in a
// Map, and an unknown name gets a sentence listing the known ones.

export type ExportLookup<T> = { ok: true; value: T } | { ok: false; message: string };

const MAX_ECHOED = 80;

/** A name from the URL as a refusal repeats it: cut at 80 characters, so a long URL makes no long answer. */
export const echoName = (name: string) => (name.length > MAX_ECHOED ? `${name.slice(0, MAX_ECHOED)}…` : name);

export function lookupExport<T>(available: ReadonlyMap<string, T>, name: string): ExportLookup<T> {
  const value = available.get(name);
  if (value !== undefined) return { ok: true, value };
  return { ok: false, message: `There is no CSV called "${echoName(name)}" in this report. Available: ${[...available.keys()].join(", ")}.` };
}
