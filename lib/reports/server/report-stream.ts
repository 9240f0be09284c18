import "server-only";

// A report answered as NDJSON: progress lines while the upstream windows are fetched (and
// while the rate limit makes them wait), then one result line, or one error line.
import type { ReportFailure } from "@/lib/reports/report-failure-view";
import { reportFailure } from "@/lib/reports/server/report-failure";
import { ReportProgress } from "@/lib/reports/report-progress";
import type { RangeProgress } from "@/lib/sales-api";

export type ReportEvent<T> =
  | ({ type: "progress" } & RangeProgress)
  | { type: "result"; data: T; generatedAt: string }
  | { type: "error"; error: ReportFailure };

/** `route`: the request's path, for the log line of a failure. */
export function reportStreamResponse<T>(run: (progress: ReportProgress, signal: AbortSignal) => Promise<T>, signal: AbortSignal, route: string): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      const send = (event: ReportEvent<T>) => {
        try {
          controller.enqueue(encoder.encode(`${JSON.stringify(event)}\n`));
        } catch {
          // the browser went away; the run is aborted through `signal`
        }
      };
      try {
        const data = await run(new ReportProgress((progress) => send({ type: "progress", ...progress })), signal);
        send({ type: "result", data, generatedAt: new Date().toISOString() });
      } catch (error) {
        // The status line was sent long ago: the failure travels in the stream, logged here.
        send({ type: "error", error: reportFailure(error, route, { aborted: signal.aborted }).failure });
      } finally {
        try {
          controller.close();
        } catch {
          // already closed
        }
      }
    },
  });
  return new Response(body, { headers: { "content-type": "application/x-ndjson; charset=utf-8", "cache-control": "private, no-store", "x-content-type-options": "nosniff" } });
}
