// Issue #27, digests: a creator subscribes an address to a weekly digest from the account menu;
// the confirmation reaches a real SMTP server, its link opens a page that confirms with a button
// (opening the link alone changes nothing); the page then lists the digest as confirmed; the
// one-click unsubscribe address answers a mail client's POST; the page fits a phone.
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
  await expect(page.getByRole("heading", { name: "Digests", exact: true })).toBeVisible();
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
  await expect(page.getByTestId("digest-link-outcome")).toHaveText("Confirmed. The first digest goes out after the current period ends.");
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
