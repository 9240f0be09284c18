import "server-only";

// "Update the figures every day": a live link's snapshot is built again, once a day, while its
// owner's account is in use on this server (the only time the server holds the credential
// that opens the account's mirror; the link itself never carries it). A preset range moves
// with the days; a fixed one is read again, so late refunds and chargebacks show.
import { publicAccountName } from "@/lib/auth/account-label";
import type { SessionAccount } from "@/lib/auth/session";
import { log } from "@/lib/log/server-log";
import { parseReportParams, reportQuery } from "@/lib/report-params/parse";
import { buildShareableView } from "./shareable-view";
import { liveLinksToRefresh, replaceSnapshot } from "./share-links";
import { sharedSnapshot } from "./shared-snapshot";
import type { MirroredClient } from "@/lib/mirror/range-reader";

export async function refreshLiveShareLinks(client: MirroredClient, account: SessionAccount, now = new Date()): Promise<number> {
  let refreshed = 0;
  for (const link of await liveLinksToRefresh(client.identity, now)) {
    const raw = Object.fromEntries(new URLSearchParams(link.query));
    // A preset's days are read again from today (its stored dates would otherwise win).
    if (raw.preset) {
      delete raw.from;
      delete raw.to;
    }
    const { params, issues } = parseReportParams(raw, now);
    if (issues.length) continue;
    try {
      const view = await buildShareableView(link.report, client, account, params);
      await replaceSnapshot(link.id, sharedSnapshot({ report: link.report, keyType: account.keyType, accountLabel: publicAccountName(account.label), query: reportQuery(params), builtAt: now, view }), now);
      refreshed += 1;
    } catch (error) {
      // The link keeps yesterday's snapshot, which says when it was made; the next visit tries again.
      log("warn", { event: "share_link_refresh_failed", kind: link.report, errorName: error instanceof Error ? error.name : "unknown" });
    }
  }
  return refreshed;
}
