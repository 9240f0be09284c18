import { connection } from "next/server";
import { getUpstreamHealth } from "@/lib/sales-api/health";
import { UpstreamStatusBadge } from "./upstream-status-badge";

/** Calls the upstream health endpoint at request time (never at build time). */
export async function UpstreamStatus() {
  await connection();
  const health = await getUpstreamHealth();
  return <UpstreamStatusBadge health={health} />;
}
