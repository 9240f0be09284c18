"use server";

// "Keep my key on this server for digests and alerts", and "stop and forget" (issue #27,
// point 5): the signed-in session's credential kept, or the kept one deleted. Keeping starts
// nothing new: the account's sync already runs for the session, and the server's next look at the
// vault (lib/auth/session-sync.ts) finds the kept key once the session has ended.
import { z } from "zod";
import { actionFailure, sessionAction, type ActionResult } from "@/lib/actions/session-action";
import { forgetKeptKey, keepKey } from "@/lib/auth/kept-key";
import { log } from "@/lib/log/server-log";

const keep = sessionAction(z.object({ keep: z.boolean() }), async ({ keep }, { account, client }): Promise<ActionResult<{ kept: boolean }>> => {
  try {
    if (!keep) {
      await forgetKeptKey(client.identity);
      return { ok: true, data: { kept: false } };
    }
    if (!(await keepKey(client.identity, account.vaultRef, Date.now()))) return actionFailure("unauthenticated", "Your session has ended. Sign in again.");
    return { ok: true, data: { kept: true } };
  } catch {
    log("warn", { event: "kept_key_failed", kind: keep ? "keep" : "forget" });
    return actionFailure("storage_unavailable", "Storage unavailable: nothing was changed. Try again in a moment.");
  }
});

export async function keepKeyAction(input: { keep: boolean }): Promise<ActionResult<{ kept: boolean }>> {
  return keep(input);
}
