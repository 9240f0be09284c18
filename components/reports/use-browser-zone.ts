"use client";

import { useSyncExternalStore } from "react";
import { isTimeZone } from "@/lib/report-params/time-zone";

const noSubscription = () => () => {};

/** The browser's zone; null on the server (and in the render that hydrates its HTML). */
export function useBrowserZone(): string | null {
  return useSyncExternalStore(noSubscription, () => Intl.DateTimeFormat().resolvedOptions().timeZone ?? "UTC", () => null);
}

/**
 * The zone a page without report controls works in: the URL's `tz` when valid, else the
 * browser's (so "today" is the browser's day, as on the reports); null until the browser's is known.
 */
export function usePageZone(urlZone: string | null): string | null {
  const browserZone = useBrowserZone();
  if (urlZone && isTimeZone(urlZone)) return urlZone;
  if (browserZone === null) return null;
  return isTimeZone(browserZone) ? browserZone : "UTC";
}
