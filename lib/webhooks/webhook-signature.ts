// A webhook's signature, as Stripe writes its own: `t=<unix seconds>,v1=<hex HMAC-SHA256 of
// "<t>.<body>" under the webhook's secret>`. The time inside the signed text lets a receiver
// refuse a replayed delivery; verifyWebhookSignature is what a receiver does (and the tests).
import { createHmac, timingSafeEqual } from "node:crypto";

export const SIGNATURE_HEADER = "x-salesdash-signature";

const mac = (secret: string, t: number, body: string) => createHmac("sha256", secret).update(`${t}.${body}`).digest("hex");

export function signWebhook(secret: string, body: string, atMs: number): string {
  const t = Math.floor(atMs / 1000);
  return `t=${t},v1=${mac(secret, t, body)}`;
}

/** True when `header` signs `body` under `secret`, at most `toleranceMs` from `nowMs`. */
export function verifyWebhookSignature(secret: string, header: string | null | undefined, body: string, nowMs: number, toleranceMs = 5 * 60_000): boolean {
  const parts = new Map((header ?? "").split(",").map((p) => p.split("=", 2) as [string, string]));
  const t = Number(parts.get("t"));
  const given = parts.get("v1");
  if (!Number.isInteger(t) || !given || !/^[0-9a-f]{64}$/.test(given) || Math.abs(nowMs - t * 1000) > toleranceMs) return false;
  return timingSafeEqual(Buffer.from(given, "hex"), Buffer.from(mac(secret, t, body), "hex"));
}
