// Runs before every page, action and route handler (Next 16's proxy, formerly middleware):
// it refuses server-action requests that are not our pages' own (server-action-guard.ts),
// in the actions' result shape, and gives every response its Content-Security-Policy with a
// nonce of its own (content-security-policy.ts), which Next reads from the request to put on
// its scripts.
import { NextResponse, type NextRequest } from "next/server";
import { getServerEnv } from "@/lib/env";
import { contentSecurityPolicy, newNonce, REPORTING_ENDPOINTS } from "@/lib/http/content-security-policy";
import { serverActionRefusal } from "@/lib/http/server-action-guard";
import { log, newCorrelationId } from "@/lib/log/server-log";

export function proxy(request: NextRequest): NextResponse {
  const refusal = serverActionRefusal({ method: request.method, pathname: request.nextUrl.pathname, headers: request.headers }, getServerEnv().NEXTAUTH_URL);
  if (refusal) {
    const reference = newCorrelationId();
    log("warn", { event: "server_action_refused", route: request.nextUrl.pathname, status: refusal.status, kind: refusal.failure.code, correlationId: reference, correlationSource: "ours" });
    return NextResponse.json({ ok: false, error: { ...refusal.failure, correlation_id: reference } }, { status: refusal.status, headers: { "Cache-Control": "no-store" } });
  }

  const nonce = newNonce();
  const policy = contentSecurityPolicy(nonce, { dev: process.env.NODE_ENV === "development" });
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("x-nonce", nonce);
  requestHeaders.set("content-security-policy", policy);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set("Content-Security-Policy", policy);
  response.headers.set("Reporting-Endpoints", REPORTING_ENDPOINTS);
  return response;
}

export const config = {
  // Not the build's static files, which carry no HTML to protect.
  matcher: ["/((?!_next/static|_next/image|favicon.ico|icon.svg).*)"],
};
