"use server";

// Revokes one of the signed-in account's share links, at once: the link answers "revoked" from
// its next opening on. Another account's link id is answered like an unknown one.
import { actionFailure, sessionAction, type ActionResult } from "@/lib/actions/session-action";
import { revokeShareLink } from "@/lib/sharing/share-links";
import { shareLinkIdInput } from "@/lib/sharing/share-token";

const revoke = sessionAction(shareLinkIdInput, async ({ id }, { client }): Promise<ActionResult<{ id: string }>> => {
  if (!(await revokeShareLink(client.identity, id, new Date()))) return actionFailure("not_found", "That share link is not known.");
  return { ok: true, data: { id } };
});

export async function revokeShareLinkAction(input: { id: string }): Promise<ActionResult<{ id: string }>> {
  return revoke(input);
}
