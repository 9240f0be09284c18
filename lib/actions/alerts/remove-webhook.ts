"use server";

// Removes the signed-in account's webhook: nothing more is POSTed to it.
import { z } from "zod";
import { actionFailure, sessionAction, type ActionResult } from "@/lib/actions/session-action";
import { digestStore } from "@/lib/store/app-stores";
import { removeWebhook } from "@/lib/webhooks/account-webhook";

const remove = sessionAction(z.object({}), async (_input, { client }): Promise<ActionResult<{ removed: true }>> => {
  if (!(await removeWebhook(digestStore(), client.identity))) return actionFailure("webhook_not_found", "There is no webhook to remove.");
  return { ok: true, data: { removed: true } };
});

export async function removeWebhookAction(): Promise<ActionResult<{ removed: true }>> {
  return remove({});
}
