// A failed report as a person reads it (the failure panel), made on the server by
// server/describe-error.ts and sent in the report's stream or error body.
import type { SalesApiErrorKind } from "@/lib/sales-api";

export interface ReportFailure {
  kind: SalesApiErrorKind;
  title: string;
  action: string;
  correlationId: string | null;
  retryAfterSeconds: number | null;
}
