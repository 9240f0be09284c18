"use server";

// Saves the report open now under a name, for the signed-in account. The query is the browser's
// URL, so it is checked like any URL (lib/views/saved-view-query.ts) and only what a view keeps is
// stored. An affiliate key saves views of the reports it can open, and nothing else.
import { randomBytes } from "node:crypto";
import { z } from "zod";
import { actionFailure, sessionAction, type ActionResult } from "@/lib/actions/session-action";
import { findShareableReport } from "@/lib/reports/server/report-registry";
import { MAX_SAVED_VIEWS } from "@/lib/store/saved-view-store";
import type { SavedViewItem } from "@/lib/views/saved-view-item";
import { MAX_VIEW_NAME_LENGTH, MAX_VIEW_QUERY_LENGTH, savedViewName, savedViewQuery } from "@/lib/views/saved-view-query";
import { getSavedViewStore } from "@/lib/views/saved-views";

const inputSchema = z.object({
  // Any report of the registry whose module says what a view of it keeps: the schema answers the module.
  report: z.string().max(64).transform((id, context) => {
    const found = findShareableReport(id);
    return found?.savedView ? found : (context.addIssue({ code: "custom", message: "That is not a report of the dashboard." }), z.NEVER);
  }),
  // Generous bounds here; the name's own rules (and their sentences) follow.
  name: z.string().max(MAX_VIEW_NAME_LENGTH * 4, { error: `Give the view a name of at most ${MAX_VIEW_NAME_LENGTH} characters.` }),
  query: z.string().max(MAX_VIEW_QUERY_LENGTH, { error: "This report's address is too long to save." }),
});

const createSavedView = sessionAction(inputSchema, async ({ report: module, name: typed, query }, { account, client }): Promise<ActionResult<SavedViewItem>> => {
  if (module.creatorOnly && account.keyType !== "creator") return actionFailure("forbidden", "This report needs a creator key.");
  const report = module.id;
  const name = savedViewName(typed);
  if (!name.ok) {
    return name.problem === "empty"
      ? actionFailure("view_name_empty", "Give the view a name.")
      : actionFailure("view_name_too_long", `Give the view a name of at most ${MAX_VIEW_NAME_LENGTH} characters.`);
  }
  const checked = savedViewQuery(report, query);
  if (!checked.ok) return actionFailure("view_query_invalid", `This report's settings cannot be saved: ${checked.problems.join(" ")}`);
  const view = { id: randomBytes(12).toString("base64url"), account: client.identity, name: name.name, report, query: checked.query, createdAt: Date.now() };
  const created = await getSavedViewStore().create(view);
  if (created === "name_taken") return actionFailure("view_name_taken", `You already have a view named “${name.name}”. Choose another name, or delete that view first.`);
  if (created === "full") return actionFailure("view_limit", `You have ${MAX_SAVED_VIEWS} saved views, the most an account keeps. Delete one to save another.`);
  return { ok: true, data: { id: view.id, name: view.name, report, query: view.query } };
});

export async function createSavedViewAction(input: { report: string; name: string; query: string }): Promise<ActionResult<SavedViewItem>> {
  return createSavedView(input);
}
