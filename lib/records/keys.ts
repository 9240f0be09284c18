// The words the figures use for what a record does not say, shared by the record engines
// (lib/analytics) and the fact tables' statements (lib/store), so both group and filter alike.

/** The key of a record without the field (a pix payment has no card brand); "none" as a filter value. */
export const NONE = "none";

/** The currency of a record that names none and for which none could be assumed. */
export const UNKNOWN_CURRENCY = "unknown";
