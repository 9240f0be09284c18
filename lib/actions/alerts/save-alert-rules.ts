"use server";

// Saves which alerts the signed-in account has on, and their thresholds; "today" is read in the
// browser's zone. The account is the session's.
import { z } from "zod";
import { actionFailure, sessionAction, type ActionResult } from "@/lib/actions/session-action";
import { ALERT_KINDS } from "@/lib/alerts/alert-kinds";
import { saveAlertRules } from "@/lib/alerts/alert-settings";
import { isTimeZone } from "@/lib/report-params/time-zone";
import { alertStore } from "@/lib/store/app-stores";

const inputSchema = z.object({
  rules: z
    .array(z.object({ kind: z.enum(ALERT_KINDS), enabled: z.boolean(), threshold: z.number({ error: "Enter a threshold as a number." }).finite().nullable() }))
    .max(ALERT_KINDS.length),
  timeZone: z.string().max(64).refine(isTimeZone, { error: "That time zone is not known." }),
});

const save = sessionAction(inputSchema, async ({ rules, timeZone }, { account, client }): Promise<ActionResult<{ saved: number }>> => {
  const outcome = await saveAlertRules(alertStore(), client.identity, account.keyType, rules, timeZone);
  if (!outcome.ok) return actionFailure("alert_threshold", `Choose a threshold from ${outcome.min} to ${outcome.max}.`, undefined, { min: outcome.min, max: outcome.max });
  return { ok: true, data: { saved: rules.length } };
});

export async function saveAlertRulesAction(input: { rules: Array<{ kind: string; enabled: boolean; threshold: number | null }>; timeZone: string }): Promise<ActionResult<{ saved: number }>> {
  return save(input);
}
