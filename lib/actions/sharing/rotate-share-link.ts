"use server";

// "New address" for one of the signed-in account's active share links: the same report, range,
// mode, expiry and password under a new token, and the old token answers "turned off" from its
// next opening on (a link sent to the wrong person is replaced without sharing again). Another
// account's link id is answered like an unknown one.
import { actionFailure, sessionAction, type ActionResult } from "@/lib/actions/session-action";
import { rotateShareLink } from "@/lib/sharing/share-links";
import { shareLinkIdInput } from "@/lib/sharing/share-token";

const rotate = sessionAction(shareLinkIdInput, async ({ id }, { client }): Promise<ActionResult<{ path: string; expiresAt: number }>> => {
  const rotated = await rotateShareLink(client.identity, id, new Date());
  if (!rotated.ok) return actionFailure(rotated.code, rotated.message);
  return { ok: true, data: { path: `/s/${rotated.token}`, expiresAt: rotated.link.expiresAt } };
});

export async function rotateShareLinkAction(input: { id: string }): Promise<ActionResult<{ path: string; expiresAt: number }>> {
  return rotate(input);
}
