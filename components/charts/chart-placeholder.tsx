// What a chart's frame shows until its plot has loaded: a quiet block that fills the frame, so
// nothing below moves when the plot arrives.
export function ChartPlaceholder() {
  return <div aria-hidden="true" data-testid="chart-placeholder" className="h-full w-full animate-pulse rounded-lg bg-zinc-100 dark:bg-zinc-900" />;
}
