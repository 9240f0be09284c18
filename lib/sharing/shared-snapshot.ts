// What a share link shows: one report's privacy-safe view as it was built, with what the page
// needs to title it. Stored sealed (snapshot-cipher); read back through readSharedSnapshot,
// which refuses anything of another shape rather than render it.
import "server-only";

import { z } from "zod";
import type { ReportId } from "@/lib/reports/report-definitions";
import { shareableReportId } from "@/lib/reports/server/report-registry";

export interface SharedSnapshot {
  version: 1;
  report: ReportId;
  keyType: "creator" | "affiliate";
  /** The name the owner gave the account, or "" (never a part of the key). */
  accountLabel: string;
  /** The report's parameters as a query (lib/report-params), as shared or as last refreshed. */
  query: string;
  /** ISO time the view was built. */
  builtAt: string;
  view: unknown;
}

const schema = z.object({
  version: z.literal(1),
  // A report of the registry that links can hold (a link of a report since removed is refused).
  report: shareableReportId("A report this server does not serve."),
  keyType: z.enum(["creator", "affiliate"]),
  accountLabel: z.string(),
  query: z.string(),
  builtAt: z.string(),
  view: z.unknown(),
});

export function sharedSnapshot(s: Omit<SharedSnapshot, "version" | "builtAt"> & { builtAt: Date }): SharedSnapshot {
  return { version: 1, report: s.report, keyType: s.keyType, accountLabel: s.accountLabel, query: s.query, builtAt: s.builtAt.toISOString(), view: s.view };
}

export function readSharedSnapshot(value: unknown): SharedSnapshot | null {
  const parsed = schema.safeParse(value);
  return parsed.success && parsed.data.view !== undefined ? (parsed.data as SharedSnapshot) : null;
}
