import { useTranslations } from "next-intl";
import { StatusPill } from "@/components/ui/status-pill";
import type { ShownUpstreamHealth } from "@/lib/upstream-health";

/** Shows one health result; presentational only. */
export function UpstreamStatusBadge({ health }: { health: ShownUpstreamHealth }) {
  const t = useTranslations("landing.upstream");
  const correlation = "correlationId" in health && health.correlationId ? t("correlation", { id: health.correlationId }) : null;
  switch (health.state) {
    case "operational": {
      const title = [health.version && t("version", { version: health.version }), t("latency", { ms: health.latencyMs }), correlation].filter(Boolean).join(" · ");
      return <StatusPill tone="positive" title={title}>{t("operational")}</StatusPill>;
    }
    case "degraded":
      return <StatusPill tone="warning" title={correlation ?? undefined}>{t("degraded", { status: health.status })}</StatusPill>;
    case "unreachable":
      // Why (an address, a TLS detail) is in the server's log: a person is told what it means for them.
      return <StatusPill tone="negative" title={correlation ?? undefined}>{health.httpStatus ? t("unreachableStatus", { status: health.httpStatus }) : t("unreachable")}</StatusPill>;
    case "not_configured":
      return <StatusPill tone="neutral" title={t("notConfiguredHint")}>{t("notConfigured")}</StatusPill>;
  }
}

export function UpstreamStatusPending() {
  const t = useTranslations("landing.upstream");
  return <StatusPill tone="pending">{t("pending")}</StatusPill>;
}
