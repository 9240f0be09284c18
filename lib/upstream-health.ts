import "server-only";

// The upstream's health for a page's status pill: read at request time (never at build time),
// by the page or layout, and handed to the component as a promise that it awaits inside its
// own Suspense boundary, so the rest of the page does not wait for it. Why it is unreachable
// (an internal address, a TLS detail) goes to the log; the page says "unreachable".
import { connection } from "next/server";
import { log } from "@/lib/log/server-log";
import { getTransport, getUpstreamHealth, type UpstreamHealth, type UpstreamTarget } from "@/lib/sales-api";

export type { UpstreamTarget } from "@/lib/sales-api";

/** What a page may show: an unreachable upstream without its technical reason. */
export type ShownUpstreamHealth =
  | Exclude<UpstreamHealth, { state: "unreachable" }>
  | { state: "unreachable"; httpStatus: number | null; correlationId: string | null };

export async function readUpstreamHealth(target: UpstreamTarget = "production"): Promise<ShownUpstreamHealth> {
  await connection();
  return shownHealth(await getUpstreamHealth(target === "staging" ? { transport: tryTransport(target) } : {}));
}

/** The health as a page shows it; an unreachable upstream's reason is logged, not shown. */
export function shownHealth(health: UpstreamHealth): ShownUpstreamHealth {
  if (health.state !== "unreachable") return health;
  log("warn", { event: "upstream_unreachable", kind: health.code, upstreamStatus: health.httpStatus ?? undefined, correlationId: health.correlationId, correlationSource: health.correlationId ? "upstream" : undefined, detail: health.reason });
  return { state: "unreachable", httpStatus: health.httpStatus, correlationId: health.correlationId };
}

function tryTransport(target: UpstreamTarget) {
  try {
    return getTransport(target);
  } catch {
    return undefined; // not configured: getUpstreamHealth reports that itself
  }
}
