import { describe, expect, it } from "vitest";
import { fetch } from "undici";
import { checkWebhookUrl, isPublicAddress, publicLookup, webhookDispatcher, WebhookTargetError } from "@/lib/webhooks/webhook-target";
import { signWebhook, verifyWebhookSignature } from "@/lib/webhooks/webhook-signature";

// Where a webhook may point (public unicast addresses over https, unless private ones are
// allowed), and its signature: verified by the secret, refused when the body, the secret or the
// time is not the signed one.
describe("a webhook's address", () => {
  it("reaches public unicast addresses only", () => {
    for (const a of ["93.184.216.34", "2606:4700::6810:84e5", "8.8.8.8"]) expect(isPublicAddress(a), a).toBe(true);
    for (const a of ["127.0.0.1", "10.1.2.3", "172.16.0.1", "192.168.1.1", "169.254.169.254", "0.0.0.0", "::1", "fc00::1", "fe80::1", "::ffff:127.0.0.1", "::7f00:1", "::a9fe:a9fe", "::a00:1", "100.64.0.1", "224.0.0.1", "not an ip"]) expect(isPublicAddress(a), a).toBe(false);
  });

  it("is https, holds no credentials, and names no private host unless private ones are allowed", () => {
    const refused = (url: string, allow = false) => {
      try {
        checkWebhookUrl(url, allow);
        return null;
      } catch (error) {
        return (error as WebhookTargetError).detail;
      }
    };
    expect(checkWebhookUrl(" https://hooks.slack.com/services/T/B/X ", false).toString()).toBe("https://hooks.slack.com/services/T/B/X");
    expect(refused("hooks.example.com")).toBe("Enter the webhook's full address, e.g. https://hooks.example.com/salesdash.");
    expect(refused("http://hooks.example.com/x")).toBe("A webhook's address must start with https://.");
    expect(refused("https://user:pw@hooks.example.com/x")).toBe("Put no user or password in the webhook's address: its secret signs each delivery.");
    for (const url of ["https://127.0.0.1/x", "https://[::1]/x", "https://[::127.0.0.1]/x", "https://169.254.169.254/latest/meta-data", "https://localhost/x", "https://db.internal/x"]) expect(refused(url), url).toBe("That address is on a private or reserved network, which this server does not send to.");
    expect(refused("http://127.0.0.1:8080/x", true)).toBeNull();
  });

  it("refuses, at the connection's own lookup, a name that resolves to a private address", async () => {
    const code = await new Promise((resolve) => publicLookup("localhost", {}, (error) => resolve(error?.code ?? null)));
    expect(code).toBe("EWEBHOOKPRIVATE");
    // The connection itself: the public-only dispatcher never reaches a name that resolves to loopback.
    const failure = await fetch("https://localhost:8443/hook", { method: "POST", dispatcher: webhookDispatcher(false) }).then(() => null, (error: { cause?: { code?: string } }) => error.cause?.code);
    expect(failure).toBe("EWEBHOOKPRIVATE");
  });
});

describe("a webhook's signature", () => {
  const at = Date.parse("2026-06-15T12:00:00Z");
  it("verifies under its secret, within five minutes of its time", () => {
    const header = signWebhook("s3cret-s3cret-s3cret", '{"a":1}', at);
    expect(header).toMatch(/^t=1781524800,v1=[0-9a-f]{64}$/);
    expect(verifyWebhookSignature("s3cret-s3cret-s3cret", header, '{"a":1}', at + 60_000)).toBe(true);
    expect(verifyWebhookSignature("s3cret-s3cret-s3cret", header, '{"a":2}', at)).toBe(false);
    expect(verifyWebhookSignature("another-secret-here", header, '{"a":1}', at)).toBe(false);
    expect(verifyWebhookSignature("s3cret-s3cret-s3cret", header, '{"a":1}', at + 6 * 60_000)).toBe(false);
    expect(verifyWebhookSignature("s3cret-s3cret-s3cret", "t=x,v1=y", '{"a":1}', at)).toBe(false);
    expect(verifyWebhookSignature("s3cret-s3cret-s3cret", null, '{"a":1}', at)).toBe(false);
  });
});
