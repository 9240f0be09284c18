// Making a share link through a report's "Share" control, and the customer values a shared
// page must never carry (from the sandbox's own records, not from anything the app sent).
import { expect, type Page } from "@playwright/test";
import { groundTruth } from "../../../sandbox/ground-truth";
import { SANDBOX_NOW } from "./session";

export interface ShareOptions { expiry?: "1" | "7" | "30"; password?: string; live?: boolean }

/** Opens the Revenue report of `query` and waits for its purchases: the report the specs share. */
export async function openRevenueLoaded(page: Page, query: string): Promise<void> {
  await page.goto(`/revenue?${query}`);
  await expect(page.getByTestId("purchase-total")).toBeVisible({ timeout: 45_000 });
}

/** On an open report: Share, the options, Create; answers the link's full URL. */
export async function createShareLink(page: Page, options: ShareOptions = {}): Promise<string> {
  await page.getByTestId("share-open").click();
  const dialog = page.getByTestId("share-dialog");
  if (options.expiry) await dialog.getByRole("radio", { name: { "1": "1 day", "7": "7 days", "30": "30 days" }[options.expiry], exact: true }).check();
  if (options.password) await dialog.getByLabel("Password (optional)").fill(options.password);
  if (options.live) await dialog.getByRole("checkbox", { name: /Update the figures every day/ }).check();
  await dialog.getByRole("button", { name: "Create link" }).click();
  const url = dialog.getByTestId("share-url");
  await expect(url).toBeVisible({ timeout: 90_000 });
  const value = await url.inputValue();
  expect(value).toMatch(/\/s\/[A-Za-z0-9_-]{43}$/);
  await dialog.getByRole("button", { name: "Done" }).click();
  await expect(dialog).toHaveCount(0);
  return value;
}

type Account = "creator" | "creator2" | "affiliate";
const PERSONAL = ["customerName", "customerEmail", "customerPhone", "billingAddress1", "billingAddress2", "billingZipcode", "shippingAddress1", "shippingAddress2", "shippingZipcode"];

/**
 * Every customer value of the account's records in [from, toExclusive): names, e-mails,
 * phones, street addresses and zip codes as they are, and card digits as the quoted strings
 * a payload would hold them in (bare four digits also occur inside amounts).
 */
export function customerValues(account: Account, from: string, toExclusive: string): string[] {
  const resources = account === "affiliate" ? (["purchases"] as const) : (["purchases", "orders", "abandoned-carts"] as const);
  const values = new Set<string>();
  for (const resource of resources) {
    for (const record of groundTruth({ now: SANDBOX_NOW }, account, resource, from, toExclusive)) {
      for (const field of PERSONAL) {
        const value = record[field];
        if (typeof value === "string" && value.trim().length >= 5) values.add(value);
      }
      if (typeof record.cardLast4 === "string") values.add(`"${record.cardLast4}"`);
    }
  }
  return [...values];
}

/**
 * Whether a body holds a customer value. A value of digits alone (a US zip code) counts only
 * as a token of its own: inside a longer run of letters and digits (a build's chunk hash, a
 * token, an epoch time) it is not that value, and those runs change with every build.
 */
export function holdsValue(body: string, value: string): boolean {
  if (!/^\d+$/.test(value)) return body.includes(value);
  return new RegExp(`(?<![0-9A-Za-z])${value}(?![0-9A-Za-z])`).test(body);
}
