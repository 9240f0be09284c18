// The name a report is downloaded under: account, report and range, readable in a Downloads
// folder and safe on every file system: ASCII a-z 0-9 "-" "_" ".", at most 120 characters.
//   aurora-academy_revenue-by-product_2026-01-01_to_2026-03-31.csv
//   aurora-academy_revenue-by-product_2026-01-01_to_2026-03-31-incomplete.csv (records missing)
import { foldToAscii } from "./ascii-fold";

export const MAX_FILENAME_LENGTH = 120;

export interface CsvFilenameParts {
  /** The signed-in account's label; a missing or unusable label becomes "account". */
  accountLabel?: string | null;
  /** The report's name or key, e.g. "Revenue by product" or "revenue-by-product". */
  report: string;
  /** Inclusive range; a Date is taken as its UTC day. */
  from: string | Date;
  to: string | Date;
  /** Without the dot; "csv" unless told. */
  ext?: string;
  /** The file lacks records the report could not get: its name says so ("-incomplete"). */
  incomplete?: boolean;
}

/** Lowercase ASCII, accents folded, every other run of characters a single "-". */
export function slugify(text: string): string {
  return foldToAscii(text)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

export function csvFilename({ accountLabel, report, from, to, ext = "csv", incomplete = false }: CsvFilenameParts): string {
  const extension = slugify(ext).replace(/-/g, "").slice(0, 10) || "csv";
  const days = [dayPart(from), dayPart(to)].filter(Boolean);
  const range = (days.length === 2 ? `_${days[0]}_to_${days[1]}` : days.length === 1 ? `_${days[0]}` : "") + (incomplete ? "-incomplete" : "");
  let account = slugify(accountLabel ?? "") || "account";
  let name = slugify(report) || "report";

  // The range and extension are kept whole; the account label gives way first, then the report.
  const room = MAX_FILENAME_LENGTH - range.length - extension.length - 2; // "_" between, "." before ext
  if (account.length + name.length > room) {
    const accountKeeps = Math.max(room - name.length, Math.min(account.length, Math.floor(room / 3)));
    account = trimSlug(account.slice(0, accountKeeps)) || "account";
    name = trimSlug(name.slice(0, room - account.length)) || "report";
  }
  return `${account}_${name}${range}.${extension}`;
}

function dayPart(value: string | Date): string {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? "" : value.toISOString().slice(0, 10);
  const day = /^\d{4}-\d{2}-\d{2}/.exec(value.trim())?.[0];
  return day ?? slugify(value).slice(0, 10).replace(/-+$/, "");
}

function trimSlug(slug: string): string {
  return slug.replace(/-+$/, "");
}
