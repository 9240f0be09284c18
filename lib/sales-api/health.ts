import "server-only";

// GET {base}/api/v1/health: is the upstream up? No credential is involved.
import { z } from "zod";
import { toHttpError } from "./error-envelope";
import { SalesApiConfigError, SalesApiError } from "./errors";
import { getTransport, type Transport } from "./transport";

const healthSchema = z.object({
  status: z.string(),
  version: z.string().optional(),
  time: z.string().optional(),
});

export type UpstreamHealth =
  | { state: "operational"; version: string | null; correlationId: string | null; latencyMs: number }
  | { state: "degraded"; status: string; correlationId: string | null }
  /** `reason` is technical (it may name an internal address): for the log, never for a page. */
  | { state: "unreachable"; reason: string; code: string; httpStatus: number | null; correlationId: string | null }
  | { state: "not_configured" };

type Options = { transport?: Transport; signal?: AbortSignal };

/** Never throws: every failure becomes a state the UI can show. */
export async function getUpstreamHealth(options: Options = {}): Promise<UpstreamHealth> {
  let transport: Transport;
  try {
    transport = options.transport ?? getTransport();
  } catch (error) {
    if (error instanceof SalesApiConfigError && error.code === "not_configured") return { state: "not_configured" };
    return unreachable(error);
  }

  const started = performance.now();
  try {
    const response = await transport.request({ path: "/api/v1/health", signal: options.signal });
    if (!response.ok) throw toHttpError(response);
    const parsed = healthSchema.safeParse(response.body);
    if (!parsed.success) {
      return { state: "unreachable", reason: "unexpected health response", code: "unexpected_response", httpStatus: null, correlationId: response.correlationId };
    }
    if (parsed.data.status !== "ok") {
      return { state: "degraded", status: parsed.data.status, correlationId: response.correlationId };
    }
    return {
      state: "operational",
      version: parsed.data.version ?? null,
      correlationId: response.correlationId,
      latencyMs: Math.round(performance.now() - started),
    };
  } catch (error) {
    return unreachable(error);
  }
}

function unreachable(error: unknown): UpstreamHealth {
  if (error instanceof SalesApiError) {
    const httpStatus = "status" in error && typeof error.status === "number" ? error.status : null;
    return { state: "unreachable", reason: (httpStatus ? `HTTP ${httpStatus}: ` : "") + error.message, code: error.code, httpStatus, correlationId: error.correlationId };
  }
  return { state: "unreachable", reason: "unexpected error", code: "unknown", httpStatus: null, correlationId: null };
}
