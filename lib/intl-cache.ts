// Intl formatters built once per kind, locale and options, then reused. Building one costs far
// more than formatting with it (in Chromium about 0.1 ms for a DateTimeFormat): a chart formats
// its axis labels, tooltips and screen-reader values, and building a formatter per value held
// the tab for over 100 ms (docs/benchmarks.md, "Long tasks"). Formatters are immutable, so
// sharing one gives the same text as building it anew. Kept this small on purpose: it is in
// every page's first load, which sits at its 180 KiB budget.
const made = new Map<string, unknown>();

/** `intl(Intl.NumberFormat, "pt-BR", {style: "percent"})`: the one formatter for these arguments. */
export function intl<F, O>(Kind: (new (locale: string, options: O) => F) & { name: string }, locale: string, options: O): F {
  const key = Kind.name + locale + JSON.stringify(options);
  return (made.get(key) ?? made.set(key, new Kind(locale, options)).get(key)) as F;
}
