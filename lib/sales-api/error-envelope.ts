// The contract's single error envelope, and its mapping to SalesApiHttpError.
import { z } from "zod";
import { SalesApiHttpError } from "./errors";
import type { UpstreamResponse } from "./transport";

export const errorEnvelopeSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    correlation_id: z.string().optional(),
  }),
});

/** Builds the typed error for a non-2xx answer, even when its body is not the envelope. */
export function toHttpError(response: Pick<UpstreamResponse, "status" | "headers" | "correlationId" | "body">) {
  const parsed = errorEnvelopeSchema.safeParse(response.body);
  const correlationId = response.correlationId ?? (parsed.success ? (parsed.data.error.correlation_id ?? null) : null);
  const retryAfter = response.headers.get("retry-after");
  if (parsed.success) {
    return new SalesApiHttpError(response.status, parsed.data.error.code, parsed.data.error.message, {
      correlationId,
      retryAfter,
    });
  }
  const code = response.status >= 500 ? "internal_error" : "unexpected_response";
  return new SalesApiHttpError(response.status, code, `HTTP ${response.status} without an error envelope`, {
    correlationId,
    retryAfter,
  });
}
