// The browser's side of a report stream: reads NDJSON lines, reports progress, resolves with
// the result or rejects with the described failure.
import type { RangeProgress } from "@/lib/sales-api";
import type { ReportFailure } from "@/lib/reports/report-failure-view";

export class ReportStreamError extends Error {
  constructor(readonly failure: ReportFailure) {
    super(failure.title);
  }
}

export async function readReportStream<T>(response: Response, onProgress: (progress: RangeProgress) => void): Promise<{ data: T; generatedAt: string }> {
  if (!response.ok || !response.body) throw new ReportStreamError(await failureOfResponse(response));
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (value) buffer += value;
    let newline: number;
    while ((newline = buffer.indexOf("\n")) >= 0) {
      const line = buffer.slice(0, newline);
      buffer = buffer.slice(newline + 1);
      if (!line.trim()) continue;
      const event = JSON.parse(line) as { type: string } & Record<string, unknown>;
      if (event.type === "progress") onProgress(event as unknown as RangeProgress);
      else if (event.type === "result") return { data: event.data as T, generatedAt: String(event.generatedAt) };
      else if (event.type === "error") throw new ReportStreamError(event.error as ReportFailure);
    }
    if (done) break;
  }
  throw new ReportStreamError({ kind: "network", title: "The report stopped before it finished", action: "Reload the page.", correlationId: null, retryAfterSeconds: null });
}

// An error answer before the stream began: {error: {code, message, correlation_id}} when the
// handler wrote it, so the person sees its sentence and reference (a 500 of ours included).
async function failureOfResponse(response: Response): Promise<ReportFailure> {
  const base = { correlationId: null, retryAfterSeconds: null };
  if (response.status === 401) return { ...base, kind: "invalid_token", title: "Your session has ended", action: "Sign in again." };
  if (response.status === 403) return { ...base, kind: "forbidden", title: "This report needs a creator key", action: "Affiliate keys cannot read this data." };
  const body = (await response.json().catch(() => null)) as { error?: { code?: unknown; message?: unknown; correlation_id?: unknown } } | null;
  const message = typeof body?.error?.message === "string" ? body.error.message : null;
  const correlationId = typeof body?.error?.correlation_id === "string" ? body.error.correlation_id : null;
  if (response.status >= 500 && body?.error?.code === "internal") return { ...base, correlationId, kind: "internal", title: "Something went wrong on our side", action: "Reload; if it persists, quote the reference to support." };
  return { ...base, correlationId, kind: "invalid_request", title: "The report could not be loaded", action: message ?? "Reload the page." };
}
