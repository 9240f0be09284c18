// The health pill says "unreachable" to a person; why (an internal address) goes to the log (issue #24).
import { NextIntlClientProvider } from "next-intl";
import { createElement, type FunctionComponent, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { Headers } from "undici";
import { describe, expect, it } from "vitest";
import { UpstreamStatusBadge } from "@/components/landing/upstream-status-badge";
import { MESSAGES } from "@/lib/i18n/messages";
import { setLogSink } from "@/lib/log/server-log";
import { SalesApiTransportError } from "@/lib/sales-api/errors";
import { getUpstreamHealth } from "@/lib/sales-api/health";
import type { Transport } from "@/lib/sales-api/transport";
import { shownHealth } from "@/lib/upstream-health";

const Provider = NextIntlClientProvider as FunctionComponent<{ locale: string; messages: object; timeZone: string; children?: ReactNode }>;
const refusing: Transport = { baseUrl: "https://127.0.0.1:8502", request: async () => { throw new SalesApiTransportError("connection_refused", "connection refused by 127.0.0.1:8502"); } };
const failing: Transport = { baseUrl: "https://10.0.0.7", request: async () => ({ status: 503, ok: false, headers: new Headers(), correlationId: "c-9", body: { error: { code: "internal_error", message: "db at 10.0.0.7 down", correlation_id: "c-9" } } }) };

async function pill(transport: Transport, locale: "en" | "pt-BR" = "en") {
  const lines: string[] = [];
  const previous = setLogSink((line) => lines.push(line));
  try {
    const health = shownHealth(await getUpstreamHealth({ transport }));
    const html = renderToStaticMarkup(createElement(Provider, { locale, messages: MESSAGES[locale], timeZone: "UTC" }, createElement(UpstreamStatusBadge, { health })));
    return { health, html, lines };
  } finally {
    setLogSink(previous);
  }
}

describe("an unreachable upstream on the status pill", () => {
  it("says unreachable, names no address, and logs the address", async () => {
    const { health, html, lines } = await pill(refusing);
    expect(JSON.stringify(health)).not.toContain("127.0.0.1");
    expect(html).toContain("Upstream unreachable");
    expect(html).not.toContain("127.0.0.1");
    expect(html).not.toContain("refused");
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ level: "warn", event: "upstream_unreachable", kind: "connection_refused", detail: "connection refused by 127.0.0.1:8502" });
    expect((await pill(refusing, "pt-BR")).html).toContain("API de origem inacessível");
  });

  it("says which HTTP status it answered, never the upstream's own message", async () => {
    const { html, lines } = await pill(failing);
    expect(html).toContain("Upstream unreachable (it answered HTTP 503)");
    expect(html).toContain("c-9");
    expect(html).not.toContain("10.0.0.7");
    expect(JSON.parse(lines[0]!)).toMatchObject({ upstream_status: 503, correlation_id: "c-9" });
  });
});
