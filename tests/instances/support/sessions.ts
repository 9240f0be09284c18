// Signing in on an instance, and reading the Revenue report API as a session does. Cookies are
// per host, not per port: one browser context's session cookie goes to both 127.0.0.1 ports.
import { expect, type APIRequestContext, type Page } from "@playwright/test";
import type { Credential } from "../../support/sandbox-process";

/**
 * Through the sign-in form, as a person does, following a link to the Revenue report (a plain
 * sign-in lands on the Overview, whose own fetches would share the key's budget with the load).
 */
export async function signInWithForm(page: Page, base: string, who: Credential): Promise<void> {
  await page.goto(`${base}/sign-in?callbackUrl=${encodeURIComponent("/revenue")}`);
  await page.getByLabel("API key", { exact: true }).fill(who.apiKey);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((url) => url.origin === base && url.pathname === "/revenue", { timeout: 60_000 });
}

/**
 * Through next-auth's credentials endpoint, as the form's signIn() does, without landing on a
 * report: nothing but the background sync then asks the upstream for the account's days.
 */
export async function signInByApi(request: APIRequestContext, base: string, who: Credential): Promise<void> {
  const { csrfToken } = (await (await request.get(`${base}/api/auth/csrf`)).json()) as { csrfToken: string };
  const answer = await request.post(`${base}/api/auth/callback/sales-api`, {
    form: { csrfToken, apiKey: who.apiKey, clientId: "", name: "", target: "production", callbackUrl: `${base}/revenue`, json: "true" },
  });
  expect(answer.status()).toBe(200);
  const session = (await (await request.get(`${base}/api/auth/session`)).json()) as { account?: { keyType?: string } };
  expect(session.account?.keyType).toBe(who.keyType);
}

export type ReportAnswer =
  | { status: number; kind: "json"; body: { error?: { code?: string; message?: string; correlation_id?: string } } }
  | { status: number; kind: "stream"; lines: Array<{ type: string; data?: unknown; error?: { kind?: string; title?: string; correlationId?: string | null } }> };

/** GET /api/reports/revenue?query with the context's cookies: an error document, or the NDJSON lines. */
export async function revenueApi(request: APIRequestContext, base: string, query: string, timeout = 180_000): Promise<ReportAnswer> {
  const answer = await request.get(`${base}/api/reports/revenue?${query}`, { timeout, maxRedirects: 0 });
  const text = await answer.text();
  if ((answer.headers()["content-type"] ?? "").includes("ndjson")) {
    return { status: answer.status(), kind: "stream", lines: text.split("\n").filter(Boolean).map((line) => JSON.parse(line) as never) };
  }
  return { status: answer.status(), kind: "json", body: text ? (JSON.parse(text) as never) : {} };
}

interface KpiItem { key: string; value: number | null }
interface RevenueData { kpis: Array<{ currency: string; items: KpiItem[] }> }

/** "brl purchases" / "brl transactionAmount" from a stream's result line, as the figures of report-loads.ts. */
export function streamFigures(answer: ReportAnswer): Record<string, number> | undefined {
  if (answer.kind !== "stream") return undefined;
  const result = answer.lines.find((line) => line.type === "result");
  if (!result) return undefined;
  const figures: Record<string, number> = {};
  for (const { currency, items } of (result.data as RevenueData).kpis) {
    for (const item of items) {
      // Money travels in major units (fromCents), counts as they are.
      if (item.key === "purchases") figures[`${currency} purchases`] = item.value ?? Number.NaN;
      if (item.key === "transactionAmount") figures[`${currency} transactionAmount`] = Math.round((item.value ?? Number.NaN) * 100);
    }
  }
  return figures;
}
