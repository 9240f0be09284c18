// POST /api/csp-report: a browser's report of a Content-Security-Policy violation, logged
// (lib/http/csp-report.ts); answers 204 whatever it holds, 413 past 64 KB.
import { CSP_REPORT_MAX_BYTES, logCspViolations, parseCspReports } from "@/lib/http/csp-report";

export async function POST(request: Request): Promise<Response> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > CSP_REPORT_MAX_BYTES) return new Response(null, { status: 413 });
  const body = await request.text();
  if (body.length > CSP_REPORT_MAX_BYTES) return new Response(null, { status: 413 });
  let payload: unknown;
  try {
    payload = JSON.parse(body);
  } catch {
    return new Response(null, { status: 204 });
  }
  logCspViolations(parseCspReports(payload));
  return new Response(null, { status: 204 });
}
