// How a CSV separates its fields and writes a decimal point. By default the file is for
// scripts and any spreadsheet: "," between fields, "." in numbers. `?csvLocale=pt-BR` asks for
// what Brazilian spreadsheet software reads as numbers: ";" between fields, "," in numbers
// (no digit grouping either way, so every number still reads back exactly).
export interface CsvDialect {
  readonly delimiter: "," | ";";
  readonly decimal: "." | ",";
}

export const DEFAULT_CSV_DIALECT: CsvDialect = Object.freeze({ delimiter: ",", decimal: "." });

const DIALECTS: Readonly<Record<string, CsvDialect>> = Object.freeze({
  "pt-BR": Object.freeze({ delimiter: ";", decimal: "," }),
});

export const CSV_LOCALES = Object.keys(DIALECTS);

/** The dialect a `csvLocale` query value asks for: absent or empty is the default; null for a value we do not know. */
export function csvDialectFor(csvLocale: string | null | undefined): CsvDialect | null {
  if (csvLocale === null || csvLocale === undefined || csvLocale === "") return DEFAULT_CSV_DIALECT;
  return Object.hasOwn(DIALECTS, csvLocale) ? DIALECTS[csvLocale]! : null;
}
