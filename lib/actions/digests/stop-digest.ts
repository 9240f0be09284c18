"use server";

// Stops one of the signed-in account's digests. Another account's id stops nothing (and says
// so like an id that never was).
import { z } from "zod";
import { actionFailure, sessionAction, type ActionResult } from "@/lib/actions/session-action";
import { getDigestKeys } from "@/lib/digests/digest-keys";
import { stopDigest } from "@/lib/digests/digest-subscriptions";
import { digestStore } from "@/lib/store/app-stores";

const inputSchema = z.object({ id: z.string().min(1).max(64) });

const stop = sessionAction(inputSchema, async ({ id }, { client }): Promise<ActionResult<{ id: string; address: string }>> => {
  const address = await stopDigest({ store: digestStore(), keys: getDigestKeys() }, client.identity, id);
  if (address === null) return actionFailure("digest_not_found", "That digest is not there any more.");
  return { ok: true, data: { id, address } };
});

export async function stopDigestAction(input: { id: string }): Promise<ActionResult<{ id: string; address: string }>> {
  return stop(input);
}
