// The bounds of a saved view, for the form in the browser and the action on the server alike.

export const MAX_VIEW_NAME_LENGTH = 60;
/** Far above any real report URL (fifty filter values of each kind included); a bound on what is stored. */
export const MAX_VIEW_QUERY_LENGTH = 8_000;
