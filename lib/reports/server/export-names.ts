import "server-only";

// The CSVs of a report by the name in the URL. A plain object would answer names such as
// "constructor" or "__proto__" with what every object inherits, so names are looked up in a
// Map, and an unknown name gets a sentence listing the known ones.

export type ExportLookup<T> = { ok: true; value: T } | { ok: false; message: string };

const MAX_ECHOED = 80;

export function lookupExport<T>(available: ReadonlyMap<string, T>, name: string): ExportLookup<T> {
  const value = available.get(name);
  if (value !== undefined) return { ok: true, value };
  const shown = name.length > MAX_ECHOED ? `${name.slice(0, MAX_ECHOED)}…` : name;
  return { ok: false, message: `There is no CSV called "${shown}" in this report. Available: ${[...available.keys()].join(", ")}.` };
}
