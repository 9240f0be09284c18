import "server-only";

// The upstream's health for a page's status pill: read at request time (never at build time),
// by the page or layout, and handed to the component as a promise that it awaits inside its
// own Suspense boundary, so the rest of the page does not wait for it.
import { connection } from "next/server";
import { getUpstreamHealth, type UpstreamHealth } from "@/lib/sales-api/health";
import { getTransport, type UpstreamTarget } from "@/lib/sales-api/transport";

export type { UpstreamHealth } from "@/lib/sales-api/health";
export type { UpstreamTarget } from "@/lib/sales-api/transport";

export async function readUpstreamHealth(target: UpstreamTarget = "production"): Promise<UpstreamHealth> {
  await connection();
  return getUpstreamHealth(target === "staging" ? { transport: tryTransport(target) } : {});
}

function tryTransport(target: UpstreamTarget) {
  try {
    return getTransport(target);
  } catch {
    return undefined; // not configured: getUpstreamHealth reports that itself
  }
}
