// The one spelling of a day on an English and on a Portuguese page, written out here (not with
// Intl, not with lib/format) so the specs check the app's spelling against a second reading.
const EN_MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const PT_MONTHS = ["jan.", "fev.", "mar.", "abr.", "mai.", "jun.", "jul.", "ago.", "set.", "out.", "nov.", "dez."];

function parts(iso: string): [number, number, number] {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!match) throw new Error(`not an ISO day: ${iso}`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

/** "2026-06-09" → "Jun 9, 2026". */
export function enDay(iso: string): string {
  const [y, m, d] = parts(iso);
  return `${EN_MONTHS[m - 1]} ${d}, ${y}`;
}

/** "2026-06-09" → "9 de jun. de 2026". */
export function ptDay(iso: string): string {
  const [y, m, d] = parts(iso);
  return `${d} de ${PT_MONTHS[m - 1]} de ${y}`;
}

/** An English day as the page writes it, for reading days back out of a sentence. */
export const EN_DAY_SOURCE = "(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \\d{1,2}, \\d{4}";

/** "Jun 9, 2026" → "2026-06-09". */
export function isoOfEnDay(text: string): string {
  const match = /^([A-Z][a-z]{2}) (\d{1,2}), (\d{4})$/.exec(text);
  const month = match ? EN_MONTHS.indexOf(match[1]!) + 1 : 0;
  if (!match || month === 0) throw new Error(`not an English day: ${text}`);
  return `${match[3]}-${String(month).padStart(2, "0")}-${match[2]!.padStart(2, "0")}`;
}
