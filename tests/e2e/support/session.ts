// Shared steps of the sign-in tests: the sandbox's credentials, signing in through the form,
// and ground truth for the ranges the tests open.
import fs from "node:fs";
import path from "node:path";
import { expect, type Page } from "@playwright/test";
import { groundTruth } from "../../../sandbox/ground-truth";

export const SANDBOX_NOW = "2026-06-15T12:00:00Z";
export const RANGE = { from: "2026-06-09", to: "2026-06-15" };
export const REVENUE_URL = `/revenue?from=${RANGE.from}&to=${RANGE.to}`;

export interface Credential { clientId: string; apiKey: string; label: string }
export interface Credentials { creator: Credential; creator2: Credential; affiliate: Credential; revoked: Credential }

export function sandboxCredentials(): Credentials {
  return JSON.parse(fs.readFileSync(path.resolve(".data/e2e/credentials.json"), "utf8")) as Credentials;
}

export function truthCount(account: "creator" | "creator2" | "affiliate"): number {
  return groundTruth({ now: SANDBOX_NOW }, account, "purchases", RANGE.from, "2026-06-16").length;
}

/** `landing`: where sign-in leads (its callbackUrl); without it, the Overview, as for a user. */
export async function fillSignIn(page: Page, who: Credential, flow: "A" | "B", name?: string, landing?: string): Promise<void> {
  await page.goto(landing ? `/sign-in?callbackUrl=${encodeURIComponent(landing)}` : "/sign-in");
  if (flow === "B") {
    await page.getByRole("tab", { name: "Client ID + API key" }).click();
    await page.getByLabel("Client ID").fill(who.clientId);
  }
  await page.getByLabel("API key", { exact: true }).fill(who.apiKey);
  if (name) await page.getByLabel(/Account name/).fill(name);
  await page.getByRole("button", { name: "Sign in" }).click();
}

// Straight to the report the tests read: the Overview's own fetches would share the key's
// budget with the report's (the Overview's landing is tested in overview.spec.ts).
export async function signIn(page: Page, who: Credential, flow: "A" | "B", name?: string): Promise<void> {
  await fillSignIn(page, who, flow, name, REVENUE_URL);
  await page.waitForURL((url) => url.pathname === "/revenue");
  await expect(page.getByTestId("purchase-total")).toBeVisible();
}

export function countOnPage(text: string | null): number {
  return Number((text ?? "").replace(/[^0-9]/g, ""));
}
