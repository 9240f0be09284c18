import "server-only";

// The one log line of a storage outage met outside a report route (a page, an action, a
// sign-in), whose reference the person is shown. Apart from storage-unavailable.ts, which
// lib/sales-api/errors.ts imports and must stay free of server-only modules.
import { log, newCorrelationId } from "@/lib/log/server-log";
import type { StorageUnavailableError } from "./storage-unavailable";

/** Logs an outage met by a page, an action or a sign-in under a new reference, and answers the reference to show. */
export function logStorageUnavailable(event: string, error: StorageUnavailableError): string {
  const reference = newCorrelationId();
  log("error", { event, kind: "storage", correlationId: reference, correlationSource: "ours", errorName: error.variable });
  return reference;
}
