// The Content-Security-Policy of every page, with a nonce of its own per response (proxy.ts).
//
// Scripts run only when they carry the response's nonce, which Next puts on its own bootstrap
// and chunk scripts when it renders the page (it reads the nonce from this header on the request:
// node_modules/next/dist/docs/01-app/02-guides/content-security-policy.md); 'strict-dynamic'
// lets those scripts load the further chunks they need. So no 'unsafe-inline' for scripts: an
// injected <script> has no nonce. A nonce needs a page rendered per request: every page is,
// since the root layout reads the locale from the request.
//
// Styles keep 'unsafe-inline': charts and tables set style attributes, and a style cannot run
// code. `base-uri 'none'`: no page sets a <base>, so an injected one cannot move relative URLs.
// Violations are posted to /api/csp-report (report-to for current browsers, report-uri for
// the others), which logs them. `upgrade-insecure-requests` is left out on purpose: `next start`
// is also served over plain http://localhost (e2e, demo); production HTTPS is pinned by HSTS.
export const CSP_REPORT_PATH = "/api/csp-report";
export const CSP_REPORT_GROUP = "csp";

export function newNonce(): string {
  return btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(18))));
}

export function contentSecurityPolicy(nonce: string, options: { dev?: boolean } = {}): string {
  return [
    "default-src 'self'",
    // 'self' only for browsers without 'strict-dynamic' (CSP 2), which ignore the rest of it.
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${options.dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' blob: data:",
    "font-src 'self'",
    `connect-src 'self'${options.dev ? " ws: wss:" : ""}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    `report-uri ${CSP_REPORT_PATH}`,
    `report-to ${CSP_REPORT_GROUP}`,
  ].join("; ");
}

/** The Reporting-Endpoints header that names the report-to group. */
export const REPORTING_ENDPOINTS = `${CSP_REPORT_GROUP}="${CSP_REPORT_PATH}"`;
