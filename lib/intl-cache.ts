// Intl formatters built once per locale and options, then reused. Building one costs far more
// than formatting with it (in Chromium about 0.1 ms for a DateTimeFormat): a two-year chart
// formats a few thousand axis labels, tooltips and screen-reader values, and building a
// formatter per value held the tab for over 100 ms (docs/benchmarks.md, "Long tasks").
// Formatters are immutable, so sharing one gives the same text as building it anew.
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

function cached<F, O>(cache: Map<string, F>, make: new (locale: string, options: O) => F, locale: string, options: O): F {
  const key = `${locale}\u0000${JSON.stringify(options)}`;
  let format = cache.get(key);
  if (!format) {
    format = new make(locale, options);
    cache.set(key, format);
  }
  return format;
}

export const numberFormat = (locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat => cached(numberFormats, Intl.NumberFormat, locale, options);

export const dateTimeFormat = (locale: string, options: Intl.DateTimeFormatOptions = {}): Intl.DateTimeFormat => cached(dateTimeFormats, Intl.DateTimeFormat, locale, options);
