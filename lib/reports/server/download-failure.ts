import "server-only";

// A download link the browser follows answers a failure as a page a person can read (what
// went wrong, the reference, the way back to the report) rather than the JSON body a script
// gets. Scripts (Accept without text/html) keep the JSON.
import { REPORT_PAGES } from "@/lib/reports/report-definitions";

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function wantsPage(request: Request): boolean {
  return (request.headers.get("accept") ?? "").includes("text/html");
}

/** The report page a download of `/api/export/<report>/...?query` belongs to, same query. */
export function reportOfDownload(url: URL): string {
  const report = REPORT_PAGES.find((r) => url.pathname === `/api/export/${r.id}` || url.pathname.startsWith(`/api/export/${r.id}/`));
  return `${report?.path ?? "/revenue"}${url.search}`;
}

export async function downloadFailurePage(json: Response, request: Request): Promise<Response> {
  const body = (await json.clone().json().catch(() => null)) as { error?: { message?: string; correlation_id?: string } } | null;
  const message = body?.error?.message ?? "The file could not be made.";
  const reference = body?.error?.correlation_id;
  const back = reportOfDownload(new URL(request.url));
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>Download failed · Salesdash</title>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1.25rem;line-height:1.5;color:#18181b;background:#fafafa}@media (prefers-color-scheme:dark){body{color:#f4f4f5;background:#09090b}a{color:#a7f3d0}}code{font-size:.9em}</style></head>
<body><main><h1>The download could not be made</h1><p data-testid="download-failure">${escape(message)}</p>${reference ? `<p>Reference: <code data-testid="download-reference">${escape(reference)}</code></p>` : ""}<p><a href="${escape(back)}">Back to the report</a></p></main></body></html>`;
  return new Response(html, { status: json.status, headers: { "content-type": "text/html; charset=utf-8", "cache-control": "private, no-store", "x-content-type-options": "nosniff" } });
}
