"use server";

// "Share": a snapshot of the report the creator is looking at, built now on the server from
// the session's account, made privacy-safe (lib/sharing/shareable-view), sealed and stored
// behind a random token. The browser sends the report and its query; the account is the
// session's, and the query is parsed again here, so nothing but that one report is shared.
import { z } from "zod";
import { publicAccountName } from "@/lib/auth/account-label";
import { actionFailure, sessionAction } from "@/lib/actions/session-action";
import { reportQuery } from "@/lib/report-params/parse";
import { readReportRequest } from "@/lib/report-params/schema";
import { findShareableReport, shareableReport, shareableReportId } from "@/lib/reports/server/report-registry";
import { describeReportError } from "@/lib/reports/server/describe-error";
import { buildShareableView } from "@/lib/sharing/shareable-view";
import { shareExpiryChoiceSchema } from "@/lib/sharing/share-expiry";
import { createShareLink, shareLinkRoom } from "@/lib/sharing/share-links";
import { sharedSnapshot } from "@/lib/sharing/shared-snapshot";

const input = z.object({
  // Any report of the registry that links can hold (its module says what a link keeps).
  report: shareableReportId("There is no such report to share."),
  query: z.string().max(4000),
  mode: z.enum(["fixed", "live"]),
  expiry: shareExpiryChoiceSchema,
  password: z.string().max(200).nullable(),
});

export const createShareLinkAction = sessionAction(input, async ({ report, query, mode, expiry, password }, { account, client }) => {
  if (account.keyType === "affiliate" && findShareableReport(report)?.creatorOnly) return actionFailure("forbidden", "This needs a creator key.");
  const now = new Date();
  // Read as the report's routes read it: with the request its module accepts.
  const read = readReportRequest(shareableReport(report).request, new URLSearchParams(query), now);
  if (!read.ok) return actionFailure("invalid_request", "This report's address has values that are not valid; fix them before sharing.");
  const { params } = read.report;
  // Before the snapshot is built (a report load): at the cap, nothing is loaded for nothing.
  const full = await shareLinkRoom(client.identity, now);
  if (full) return actionFailure(full.code, full.message, null, full.values);
  let view: unknown;
  try {
    view = await buildShareableView(report, client, account, params);
  } catch (error) {
    // The report's own failure words (rate limit, upstream away...), with its reference.
    const described = describeReportError(error);
    return actionFailure(described.kind, `${described.title} ${described.action}`, described.correlationId);
  }
  const snapshot = sharedSnapshot({ report, keyType: account.keyType, accountLabel: publicAccountName(account.label), query: reportQuery(params), builtAt: now, view });
  const created = await createShareLink({
    account: { identity: client.identity, keyType: account.keyType, label: account.label },
    report, query: reportQuery(params), mode, expiry, password: password || null, snapshot, now,
  });
  if (!created.ok) return actionFailure(created.code, created.message, null, "values" in created ? created.values : undefined);
  return { ok: true, data: { path: `/s/${created.token}`, expiresAt: created.link.expiresAt } };
});
