// What proxy.ts refuses before a server action runs, answered in the actions' own result shape
// (lib/actions/action-result.ts) instead of the 500 Next answers when its own checks throw.
//
// A server action is a POST to a page (with a Next-Action header from JavaScript, or a form's
// fields without it). Browsers send Origin with every POST, so one without it was not sent by a
// page of ours, and one from another origin is a cross-site request: both are refused. The
// origin of ours is NEXTAUTH_URL's (the address people use, also behind a proxy whose Host
// differs), and the request's own Host, which is what Next itself compares.
// A body is refused by its declared length before anything reads it: the same limit Next is
// given (next.config.ts), and none declared (a streamed body) is refused too, since the
// browser's fetch of an action always declares one.
import type { ActionFailure } from "@/lib/actions/action-result";

export const SERVER_ACTION_BODY_LIMIT_BYTES = 1024 * 1024;

export interface ActionRequest {
  method: string;
  pathname: string;
  headers: Headers;
}

export interface ActionRefusal {
  status: number;
  failure: Omit<ActionFailure, "correlation_id">;
}

/** Whether proxy.ts guards this request: a POST anywhere but the route handlers under /api. */
export function isActionRequest(request: ActionRequest): boolean {
  return request.method === "POST" && !request.pathname.startsWith("/api/");
}

function originOf(value: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    return new URL(value).origin;
  } catch {
    return undefined;
  }
}

function isOurOrigin(origin: string | null, headers: Headers, publicUrl: string | undefined): boolean {
  if (!origin || origin === "null") return false;
  if (origin === originOf(publicUrl)) return true;
  // Also the address the page was opened at (its Host, as Next compares): the demo's
  // NEXTAUTH_URL says localhost, and a person who opened 127.0.0.1 could not sign in. A
  // cross-site page's Origin never equals the Host its request was sent to.
  const host = headers.get("host");
  try {
    return Boolean(host) && new URL(origin).host === host;
  } catch {
    return false;
  }
}

export function serverActionRefusal(request: ActionRequest, publicUrl: string | undefined): ActionRefusal | null {
  if (!isActionRequest(request)) return null;
  if (!isOurOrigin(request.headers.get("origin"), request.headers, publicUrl)) {
    return {
      status: 403,
      failure: { code: "foreign_origin", message: "This request did not come from a page of this dashboard, so nothing was done. Reload the page and try again." },
    };
  }
  const declared = request.headers.get("content-length");
  const length = declared === null || !/^\d+$/.test(declared.trim()) ? null : Number(declared);
  if (length === null) {
    return { status: 411, failure: { code: "length_required", message: "This request did not say how large it is, so nothing was done. Reload the page and try again." } };
  }
  if (length > SERVER_ACTION_BODY_LIMIT_BYTES) {
    return { status: 413, failure: { code: "payload_too_large", message: "This request is larger than 1 MB, so nothing was done. Send less at a time." } };
  }
  return null;
}
