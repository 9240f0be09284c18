import "server-only";

// One delivery to a webhook: the JSON body POSTed with its signature (webhook-signature.ts), an
// event name and a delivery id a receiver can use to drop a repeat; answered within 15 seconds
// with a 2xx, or it failed, in words for the in-app list (never the receiver's own text). A
// redirect is not followed: the address given is the one that receives.
import { fetch } from "undici";
import { sendFailure } from "@/lib/digests/send-failure";
import { SIGNATURE_HEADER, signWebhook } from "./webhook-signature";
import { checkWebhookUrl, webhookDispatcher, WebhookTargetError } from "./webhook-target";

export const WEBHOOK_TIMEOUT_MS = 15_000;

/** Why a delivery failed: in words, and as the in-app list's code (lib/digests/send-failure.ts). */
export class WebhookDeliveryError extends Error {
  constructor(
    readonly detail: string,
    readonly failure: string,
  ) {
    super(detail);
    this.name = "WebhookDeliveryError";
  }
}

export interface WebhookTarget {
  url: string;
  secret: string;
}

/** `now`: the moment of the POST, which the signature tells (a receiver refuses one too old): the real clock's. */
export async function postWebhook(target: WebhookTarget, delivery: { id: string; event: string; body: unknown }, allowPrivate: boolean, now: () => number = Date.now): Promise<void> {
  let url: URL;
  try {
    url = checkWebhookUrl(target.url, allowPrivate);
  } catch (error) {
    throw new WebhookDeliveryError(error instanceof WebhookTargetError ? error.detail : "The webhook's address cannot be used.", sendFailure(error instanceof WebhookTargetError ? `webhook_${error.problem}` : "webhook_unusable"));
  }
  const body = JSON.stringify(delivery.body);
  let status: number;
  try {
    const response = await fetch(url, {
      method: "POST",
      body,
      redirect: "manual",
      dispatcher: webhookDispatcher(allowPrivate),
      signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
      headers: {
        "content-type": "application/json",
        "user-agent": "Salesdash-Webhook/1",
        "x-salesdash-event": delivery.event,
        "x-salesdash-delivery": delivery.id,
        [SIGNATURE_HEADER]: signWebhook(target.secret, body, now()),
      },
    });
    status = response.status;
    await response.body?.cancel().catch(() => undefined);
  } catch (error) {
    const code = (error as { cause?: { code?: string } })?.cause?.code;
    if (code === "EWEBHOOKPRIVATE") throw new WebhookDeliveryError("The webhook's address leads to a private or reserved network, which this server does not send to.", sendFailure("webhook_private"));
    if ((error as Error)?.name === "TimeoutError") throw new WebhookDeliveryError(`The webhook did not answer within ${WEBHOOK_TIMEOUT_MS / 1000} seconds.`, sendFailure("webhook_timeout", WEBHOOK_TIMEOUT_MS / 1000));
    throw new WebhookDeliveryError("The webhook could not be reached (its name did not resolve, or nothing answered there).", sendFailure("webhook_unreachable"));
  }
  const redirect = status >= 300 && status < 400;
  if (status < 200 || status > 299) throw new WebhookDeliveryError(`The webhook answered ${status}${redirect ? " (a redirect, which is not followed)" : ""}, not 2xx.`, sendFailure(redirect ? "webhook_redirect" : "webhook_status", status));
}
