// Issue #27, digests: a creator subscribes an address to a weekly digest from the account menu;
// the confirmation reaches a real SMTP server, its link opens a page that confirms with a button
// (opening the link alone changes nothing); the page then lists the digest as confirmed; the
// one-click unsubscribe address answers a mail client's POST; the page fits a phone. Alerts: a
// creator switches one on with its threshold (kept, and refused in words out of its bounds); an
// address can be confirmed for alerts; an affiliate is not offered the decline alert.
import { expect, test } from "./support/test";
import { sandboxCredentials, signIn } from "./support/session";
import { SMTP_PORT } from "./support/sandbox";
import { startSmtpSink } from "../support/smtp-sink";

const creds = sandboxCredentials();
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
test.beforeAll(async () => void (sink = await startSmtpSink(SMTP_PORT)));
test.afterAll(async () => sink?.stop());

test("subscribe, confirm from the mail, see it confirmed, stop it", async ({ page }) => {
  await signIn(page, creds.creator, "A");
  await page.getByTestId("account-menu").click();
  await page.getByTestId("digests-link").click();
  await expect(page.getByRole("heading", { name: "Digests and alerts", exact: true })).toBeVisible();
  // A run stopped midway may have left one (the data directory is reused locally).
  while ((await page.getByTestId("digest-row").count()) > 0) {
    await page.getByTestId("digest-stop").first().click();
    await expect(page.getByTestId("digests-notice")).toBeVisible();
    await page.reload();
  }

  await page.getByTestId("digest-address").fill("Owner@Creator.test");
  await page.getByTestId("digest-cadence").selectOption("weekly");
  await page.getByTestId("digest-subscribe").click();
  await expect(page.getByTestId("digests-notice")).toHaveText("A confirmation was sent to O***@Creator.test. The digest starts once it is confirmed.");
  await expect(page.getByTestId("digest-row")).toHaveAttribute("data-confirmed", "false");
  await expect(page.getByTestId("digest-state")).toHaveText("Waiting for confirmation");

  // The same address and cadence again: refused, in words.
  await page.getByTestId("digest-address").fill("owner@creator.test ");
  await page.getByTestId("digest-subscribe").click();
  await expect(page.getByTestId("digests-failure")).toHaveText("That address already has this digest.");

  await expect.poll(() => sink.received.length).toBe(1);
  const mail = sink.received[0]!;
  expect(mail.to.map((a) => a.toLowerCase())).toEqual(["owner@creator.test"]); // a domain is case-blind: the sink writes it in lower case
  expect(mail.parsed.subject).toBe("Confirm your Salesdash digest");
  const link = new URL(/https?:\/\/\S+\/digests\/confirm\?token=[A-Za-z0-9_.-]+/.exec(mail.parsed.text ?? "")![0]);

  // Opening the link changes nothing until its button is pressed.
  await page.goto(link.pathname + link.search);
  await expect(page.getByTestId("digest-link-button")).toBeVisible();
  await page.goto("/digests");
  await expect(page.getByTestId("digest-row")).toHaveAttribute("data-confirmed", "false");
  await page.goto(link.pathname + link.search);
  await page.getByTestId("digest-link-button").click();
  await expect(page.getByTestId("digest-link-outcome")).toHaveText("Confirmed. A digest goes out after its period ends; an alert, when one starts and when it is over.");
  await page.goto("/digests");
  await expect(page.getByTestId("digest-row")).toHaveAttribute("data-confirmed", "true");
  await expect(page.getByTestId("digest-state")).toHaveText("Confirmed");

  // A confirmation link of another purpose, or forged, is refused.
  const forged = await page.request.post(`/api/digests/unsubscribe?token=${link.searchParams.get("token")}`, { data: "List-Unsubscribe=One-Click", headers: { "content-type": "application/x-www-form-urlencoded" } });
  expect(forged.status()).toBe(400);
  await page.reload();
  await expect(page.getByTestId("digest-row")).toHaveCount(1);

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId("digest-stop")).toBeInViewport();
  await page.getByTestId("digest-stop").click();
  await expect(page.getByTestId("digests-notice")).toHaveText("Stopped: no more digests go to O***@Creator.test.");
  await expect(page.getByTestId("digests-empty")).toBeVisible();
});

test("switch an alert on with its threshold, keep it, and be told when a threshold is out of bounds", async ({ page }) => {
  await signIn(page, creds.creator, "A");
  await page.goto("/digests");
  const rule = page.locator("[data-testid=alert-rule][data-kind=sales_drop]");
  await expect(page.getByTestId("alert-rule")).toHaveCount(6);
  await expect(page.getByTestId("digest-cadence").locator("option[value=alerts]")).toHaveText("Alerts I switch on");
  try {
    await page.getByTestId("alert-enabled-sales_drop").check();
    await page.getByTestId("alert-threshold-sales_drop").fill("25");
    await page.getByTestId("alert-save").click();
    await expect(page.getByTestId("alerts-notice")).toHaveText("Alerts saved.");
    await page.reload();
    await expect(rule).toHaveAttribute("data-enabled", "true");
    await expect(page.getByTestId("alert-threshold-sales_drop")).toHaveValue("25");
    await expect(page.locator("[data-testid=alert-rule][data-kind=decline_rise]")).toHaveAttribute("data-enabled", "false");

    // The browser's own check lifted, the server refuses a threshold out of the kind's bounds and keeps the last.
    await page.getByTestId("alert-form").evaluate((form) => form.setAttribute("novalidate", ""));
    await page.getByTestId("alert-threshold-sales_drop").fill("95");
    await page.getByTestId("alert-save").click();
    await expect(page.getByTestId("alerts-failure")).toHaveText("Choose a threshold from 5 to 90.");
    await page.reload();
    await expect(page.getByTestId("alert-threshold-sales_drop")).toHaveValue("25");

    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId("alert-save").scrollIntoViewIfNeeded();
    await expect(page.getByTestId("alert-save")).toBeInViewport();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  } finally {
    await page.getByTestId("alert-enabled-sales_drop").uncheck();
    await page.getByTestId("alert-threshold-sales_drop").fill("30");
    await page.getByTestId("alert-save").click();
    await expect(page.getByTestId("alerts-notice")).toHaveText("Alerts saved.");
  }
});

test("an affiliate is offered no decline alert: its key reads no carts", async ({ page }) => {
  await signIn(page, creds.affiliate, "A");
  await page.goto("/digests");
  await expect(page.getByTestId("alert-rule")).toHaveCount(5);
  await expect(page.locator("[data-testid=alert-rule][data-kind=decline_rise]")).toHaveCount(0);
});

test("set a webhook with a secret that never comes back to the page, replace it with one that gets the weekly digest too, remove it", async ({ page }) => {
  const SECRET = "e2e-webhook-secret-0123456789";
  await signIn(page, creds.creator, "A");
  await page.goto("/digests");
  if (await page.getByTestId("webhook-row").isVisible()) {
    await page.getByTestId("webhook-remove").click();
    await expect(page.getByTestId("alerts-notice")).toBeVisible();
  }
  try {
    // Too short a secret: refused in words, by the server (the browser's own check lifted).
    await page.getByTestId("webhook-form").evaluate((form) => form.setAttribute("novalidate", ""));
    await page.getByTestId("webhook-url").fill("http://127.0.0.1:9/hooks/salesdash");
    await page.getByTestId("webhook-secret").fill("short");
    await page.getByTestId("webhook-save").click();
    await expect(page.getByTestId("alerts-failure")).toHaveText("A secret needs 16 to 200 characters.");

    await page.getByTestId("webhook-secret").fill(SECRET);
    await page.getByTestId("webhook-save").click();
    await expect(page.getByTestId("alerts-notice")).toHaveText("Alerts now also go to 127.0.0.1:9.");
    await expect(page.getByTestId("webhook-row")).toContainText("Alerts go to 127.0.0.1:9");
    await page.reload();
    expect(await page.content()).not.toContain(SECRET);
    expect(await page.content()).not.toContain("/hooks/salesdash");

    await expect(page.getByTestId("webhook-digest")).toHaveValue("");
    await page.getByTestId("webhook-url").fill("http://127.0.0.1:10/other");
    await page.getByTestId("webhook-secret").fill(SECRET);
    await page.getByTestId("webhook-digest").selectOption("weekly");
    await page.getByTestId("webhook-save").click();
    await expect(page.getByTestId("alerts-notice")).toHaveText("Alerts and the weekly digest now also go to 127.0.0.1:10.");
    await expect(page.getByTestId("webhook-row")).toContainText("Alerts and the weekly digest go to 127.0.0.1:10");
    await expect(page.getByTestId("webhook-row")).toHaveCount(1);
    // The form then offers what the webhook now receives.
    await expect(page.getByTestId("webhook-digest")).toHaveValue("weekly");
    await page.reload();
    await expect(page.getByTestId("webhook-row")).toContainText("Alerts and the weekly digest go to 127.0.0.1:10");
    await expect(page.getByTestId("webhook-digest")).toHaveValue("weekly");
  } finally {
    await page.getByTestId("webhook-remove").click();
    await expect(page.getByTestId("alerts-notice")).toHaveText("Removed: nothing more is POSTed to it.");
    await expect(page.getByTestId("webhook-row")).toHaveCount(0);
  }
});
