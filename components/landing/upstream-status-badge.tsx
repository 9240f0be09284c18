import { StatusPill } from "@/components/ui/status-pill";
import type { UpstreamHealth } from "@/lib/upstream-health";

function describe(health: UpstreamHealth): string | undefined {
  if (health.state === "operational") {
    return [health.version && `API ${health.version}`, `${health.latencyMs} ms`, health.correlationId && `correlation id ${health.correlationId}`]
      .filter(Boolean)
      .join(" · ");
  }
  if (health.state === "not_configured") return "Set SALES_API_BASE_URL to the API's https:// address.";
  return health.correlationId ? `correlation id ${health.correlationId}` : undefined;
}

/** Shows one health result; presentational only. */
export function UpstreamStatusBadge({ health }: { health: UpstreamHealth }) {
  const title = describe(health);
  switch (health.state) {
    case "operational":
      return <StatusPill tone="positive" title={title}>Upstream: operational</StatusPill>;
    case "degraded":
      return <StatusPill tone="warning" title={title}>Upstream degraded: status “{health.status}”</StatusPill>;
    case "unreachable":
      return <StatusPill tone="negative" title={title}>Upstream unreachable: {health.reason}</StatusPill>;
    case "not_configured":
      return <StatusPill tone="neutral" title={title}>Upstream not configured</StatusPill>;
  }
}

export function UpstreamStatusPending() {
  return <StatusPill tone="pending">Checking upstream…</StatusPill>;
}
