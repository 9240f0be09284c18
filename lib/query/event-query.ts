import "server-only";

// A local range of refund or chargeback records, dated by request, as the fact tables answer it:
// the UTC days the records path fetches (utcFetchWindow), the range's instants (the local days'
// bounds, settled in JS as every fact query's are: bucket-starts.ts), and the URL's filters the
// records answer (REFUND_FILTER_KEYS: the Refunds report's filter bar).
import { utcFetchWindow } from "@/lib/analytics/local-days";
import type { IsoDay } from "@/lib/calendar";
import type { FilterKey } from "@/lib/report-params/definitions";
import { EVENT_FACT_DIMENSIONS, type EventFactQuery } from "@/lib/store/event-fact-store";
import { bucketBounds } from "./bucket-starts";

export interface EventRangeQuery {
  from: IsoDay;
  to: IsoDay;
  timeZone: string;
  filters: Partial<Record<FilterKey, readonly string[]>>;
}

export function eventQuery(query: EventRangeQuery): EventFactQuery {
  const { startMs, endMs } = bucketBounds(query.from, query.to, "day", query.timeZone);
  const filters = Object.fromEntries(EVENT_FACT_DIMENSIONS.flatMap((d) => (query.filters[d]?.length ? [[d, query.filters[d]]] : [])));
  return { days: utcFetchWindow(query.from, query.to, query.timeZone), fromMs: startMs, toMs: endMs, filters };
}
