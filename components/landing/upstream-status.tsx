import type { ShownUpstreamHealth } from "@/lib/upstream-health";
import { UpstreamStatusBadge } from "./upstream-status-badge";

/** The upstream's health read by the page (lib/upstream-health.ts); awaited here, inside the caller's Suspense. */
export async function UpstreamStatus({ health }: { health: Promise<ShownUpstreamHealth> }) {
  return <UpstreamStatusBadge health={await health} />;
}
