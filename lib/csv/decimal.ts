// Numbers for a CSV are written the way a spreadsheet or a script reads them back in any
// locale: plain dot-decimal, no grouping, no exponent. Money is rounded on the decimal digits
// (half away from zero), not on the binary float, so 1.005 becomes "1.01", not "1.00".

const DECIMAL = /^([+-]?)(\d+)(?:\.(\d*))?$/;

/** A finite number in plain dot-decimal: 1e21 -> "1000000000000000000000", 1e-7 -> "0.0000001", -0 -> "0". */
export function plainNumber(n: number): string {
  if (n === 0) return "0";
  const shortest = String(n);
  const e = shortest.indexOf("e");
  if (e === -1) return shortest;
  const mantissa = shortest.slice(0, e);
  const exponent = Number(shortest.slice(e + 1));
  const negative = mantissa.startsWith("-");
  const [whole = "", fraction = ""] = (negative ? mantissa.slice(1) : mantissa).split(".");
  const digits = whole + fraction;
  const point = whole.length + exponent;
  let out: string;
  if (point <= 0) out = `0.${"0".repeat(-point)}${digits}`;
  else if (point >= digits.length) out = digits + "0".repeat(point - digits.length);
  else out = `${digits.slice(0, point)}.${digits.slice(point)}`;
  return (negative ? "-" : "") + out;
}

/** "+007.50" -> "7.50"; undefined when the string is not a plain decimal. */
export function normalizeDecimal(text: string): string | undefined {
  const match = DECIMAL.exec(text.trim());
  if (!match) return undefined;
  const [, sign = "", whole = "", fraction = ""] = match;
  const int = whole.replace(/^0+(?=\d)/, "");
  const body = fraction ? `${int}.${fraction}` : int;
  return sign === "-" && /[1-9]/.test(body) ? `-${body}` : body;
}

/** A plain decimal string rounded to `places` digits, half away from zero; "-0.001" -> "0.00". */
export function roundDecimal(decimal: string, places: number): string {
  const match = DECIMAL.exec(decimal);
  if (!match) throw new Error(`not a plain decimal: ${JSON.stringify(decimal)}`);
  const [, sign = "", whole = "", fraction = ""] = match;
  const padded = fraction.padEnd(places + 1, "0");
  let scaled = BigInt(whole + padded.slice(0, places));
  if (Number(padded[places]) >= 5) scaled += 1n;
  const digits = scaled.toString().padStart(places + 1, "0");
  const int = digits.slice(0, digits.length - places);
  const body = places > 0 ? `${int}.${digits.slice(-places)}` : int;
  return sign === "-" && scaled !== 0n ? `-${body}` : body;
}

// Below 2^45 a double is finer than a cent (its spacing is under 1/128), so two amounts of
// whole cents never share a double and Math.round(n * 100) names the cents the text holds.
const MAX_EXACT_CENTS = 2 ** 45 * 100;
const CENTS = Array.from({ length: 100 }, (_, n) => `.${String(n).padStart(2, "0")}`);

/**
 * A finite number as money, rounded to the cent half away from zero on its decimal digits:
 * roundDecimal(plainNumber(n), 2), without the regular expression and BigInt per cell when n
 * already holds whole cents (every amount the API sends).
 */
export function moneyDecimal(n: number): string {
  const cents = Math.round(n * 100);
  if (cents / 100 !== n || Math.abs(cents) >= MAX_EXACT_CENTS) return roundDecimal(plainNumber(n), 2);
  return centsDecimal(cents);
}

/** Integer cents as a decimal: -1250 -> "-12.50", 5 -> "0.05". */
export function centsDecimal(cents: number): string {
  const size = cents < 0 ? -cents : cents;
  const fraction = size % 100;
  return `${cents < 0 ? "-" : ""}${(size - fraction) / 100}${CENTS[fraction]}`;
}
