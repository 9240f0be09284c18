// What the owner's list and a shared page know of a link: never its token (only its holder has
// it), its owner, its password hash, nor its snapshot. Pure, so pages and components can use the
// type and the status words alike.
import type { ReportId } from "@/lib/reports/report-definitions";
import type { ShareLinkRecord } from "@/lib/store/share-link-store";

export type ShareLinkStatus = "active" | "expired" | "revoked";

/** The record's public fields (not its token hash, owner, password hash or tries), and what they mean now. */
export interface ShareLinkSummary extends Pick<ShareLinkRecord, "id" | "query" | "mode" | "createdAt" | "expiresAt" | "revokedAt" | "views" | "lastOpenedAt" | "snapshotAt"> {
  report: ReportId;
  hasPassword: boolean;
  status: ShareLinkStatus;
}

/** Revoked wins over expired: it is what the owner did, and it cannot be undone by time. */
export function shareLinkStatus(link: Pick<ShareLinkRecord, "revokedAt" | "expiresAt">, now: Date): ShareLinkStatus {
  if (link.revokedAt !== null) return "revoked";
  return now.getTime() >= link.expiresAt ? "expired" : "active";
}

export function summarizeShareLink(record: ShareLinkRecord, now: Date): ShareLinkSummary {
  return {
    id: record.id,
    // Written by createShareLink, which takes a report id only (the store keeps any text).
    report: record.report as ReportId,
    query: record.query,
    mode: record.mode,
    createdAt: record.createdAt,
    expiresAt: record.expiresAt,
    revokedAt: record.revokedAt,
    hasPassword: record.passwordHash !== null,
    views: record.views,
    lastOpenedAt: record.lastOpenedAt,
    snapshotAt: record.snapshotAt,
    status: shareLinkStatus(record, now),
  };
}
