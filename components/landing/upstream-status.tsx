import { connection } from "next/server";
import { getUpstreamHealth } from "@/lib/sales-api/health";
import { getTransport, type UpstreamTarget } from "@/lib/sales-api/transport";
import { UpstreamStatusBadge } from "./upstream-status-badge";

/** Calls the upstream health endpoint at request time (never at build time). */
export async function UpstreamStatus({ target = "production" }: { target?: UpstreamTarget }) {
  await connection();
  const health = await getUpstreamHealth(target === "staging" ? { transport: tryTransport(target) } : {});
  return <UpstreamStatusBadge health={health} />;
}

function tryTransport(target: UpstreamTarget) {
  try {
    return getTransport(target);
  } catch {
    return undefined; // not configured: getUpstreamHealth reports that itself
  }
}
