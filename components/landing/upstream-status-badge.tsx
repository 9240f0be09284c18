import { useTranslations } from "next-intl";
import { StatusPill } from "@/components/ui/status-pill";
import type { UpstreamHealth } from "@/lib/upstream-health";

/** Shows one health result; presentational only. */
export function UpstreamStatusBadge({ health }: { health: UpstreamHealth }) {
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
      // The reason is the transport's own technical wording (lib/upstream-health), quoted as is.
      return <StatusPill tone="negative" title={correlation ?? undefined}>{t("unreachable", { reason: health.reason })}</StatusPill>;
    case "not_configured":
      return <StatusPill tone="neutral" title={t("notConfiguredHint")}>{t("notConfigured")}</StatusPill>;
  }
}

export function UpstreamStatusPending() {
  const t = useTranslations("landing.upstream");
  return <StatusPill tone="pending">{t("pending")}</StatusPill>;
}
