// The heatmap's weekday names in the reader's language, Monday first like its rows. Read from
// the days of a week known to start on a Monday (2024-01-01), so no date arithmetic is needed.
const A_MONDAY_FIRST_WEEK = ["2024-01-01", "2024-01-02", "2024-01-03", "2024-01-04", "2024-01-05", "2024-01-06", "2024-01-07"] as const;

/** `width` "short" ("Mon", "seg.") for the grid, "long" ("Monday", "segunda-feira") for lists. */
export function heatmapWeekdayNames(locale: string, width: "short" | "long" = "short"): string[] {
  const format = new Intl.DateTimeFormat(locale, { weekday: width, timeZone: "UTC" });
  return A_MONDAY_FIRST_WEEK.map((day) => format.format(Date.parse(`${day}T12:00:00Z`)));
}
