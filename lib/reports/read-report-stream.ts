// The browser's side of a report stream: reads NDJSON lines, reports progress, resolves with
// the result or rejects with the described failure.
import type { RangeProgress } from "@/lib/sales-api/fetch-range";
import type { ReportFailure } from "./describe-error";

export class ReportStreamError extends Error {
  constructor(readonly failure: ReportFailure) {
    super(failure.title);
  }
}

export async function readReportStream<T>(response: Response, onProgress: (progress: RangeProgress) => void): Promise<{ data: T; generatedAt: string }> {
  if (!response.ok || !response.body) {
    const failure: ReportFailure = response.status === 401
      ? { kind: "invalid_token", title: "Your session has ended", action: "Sign in again.", correlationId: null, retryAfterSeconds: null }
      : response.status === 403
        ? { kind: "forbidden", title: "This report needs a creator key", action: "Affiliate keys cannot read this data.", correlationId: null, retryAfterSeconds: null }
        : { kind: "invalid_request", title: "The report could not be loaded", action: "Reload the page.", correlationId: null, retryAfterSeconds: null };
    throw new ReportStreamError(failure);
  }
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
