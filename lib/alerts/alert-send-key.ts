// The name an alert's message has among an address's sends (the digests' store): one per
// episode and event, "alert:<episode>:<event>". Read by the sends list in the browser too.
export type AlertEvent = "fired" | "resolved";

export const alertSendKey = (episodeId: string, event: AlertEvent): string => `alert:${episodeId}:${event}`;

export function parseAlertSendKey(period: string): { episodeId: string; event: AlertEvent } | null {
  const [prefix, episodeId, event] = period.split(":");
  return prefix === "alert" && episodeId && (event === "fired" || event === "resolved") ? { episodeId, event } : null;
}
