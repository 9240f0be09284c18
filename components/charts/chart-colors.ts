// One palette for every chart, from CSS variables so light and dark themes both read well;
// colours chosen to stay distinguishable for the common colour-vision deficiencies.
export const SERIES_COLORS = ["var(--chart-1)", "var(--chart-2)", "var(--chart-3)", "var(--chart-4)", "var(--chart-5)", "var(--chart-6)"];
export const CURRENT_COLOR = "var(--chart-1)";
export const PREVIOUS_COLOR = "var(--chart-muted)";
