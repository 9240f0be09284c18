"use server";

// Deletes one of the signed-in account's saved views. The store deletes by account AND id, so
// another account's id deletes nothing (and says so like an id that never was).
import { z } from "zod";
import { actionFailure, sessionAction, type ActionResult } from "@/lib/actions/session-action";
import { getSavedViewStore } from "@/lib/views/saved-views";

const inputSchema = z.object({ id: z.string().min(1).max(64) });

const deleteSavedView = sessionAction(inputSchema, async ({ id }, { client }): Promise<ActionResult<{ id: string }>> => {
  if (!(await getSavedViewStore().delete(client.identity, id))) return actionFailure("view_not_found", "That saved view is not there any more.");
  return { ok: true, data: { id } };
});

export async function deleteSavedViewAction(input: { id: string }): Promise<ActionResult<{ id: string }>> {
  return deleteSavedView(input);
}
