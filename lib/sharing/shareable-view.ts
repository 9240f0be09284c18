import "server-only";

// The view a share link stores: a copy of the report's view keeping only what the shared
// panels and their CSVs read. An allow-list per report, so a field added to a view later is
// left out until someone decides it may be shared (the lists must name every field of
// the Shared*View types, and nothing else: the compiler checks both). Left out on purpose:
// the filters' choices (every product, offer and affiliate of the range, beyond the report's
// own filters), the record tables' counts and columns (their rows are never shared), and
// whether the range included today (a snapshot says when it was built instead). Each report's
// list is in its module (lib/reports/<id>/server/report.ts, `share.keep`).
import type { SessionAccount } from "@/lib/auth/session";
import type { ReportParams } from "@/lib/report-params/definitions";
import type { ReportId } from "@/lib/reports/report-definitions";
import { findShareableReport, shareableReport } from "@/lib/reports/server/report-registry";
import type { FilteredReport } from "@/lib/reports/server/filtered-report";
import type { LoadOptions } from "@/lib/reports/server/load-options";
import type { KeyType } from "@/lib/sales-api";
import type { SharedViews } from "./shared-views";
import type { MirroredClient } from "@/lib/mirror/range-reader";

/** The reports a key may share: the registry's shareable ones that it can open (an affiliate key, not a creator-only one). */
export function canShareReport(report: ReportId, keyType: KeyType): boolean {
  const found = findShareableReport(report);
  return found !== null && mayOpen(found, keyType);
}

const mayOpen = (found: FilteredReport, keyType: KeyType) => keyType === "creator" || !found.creatorOnly;

/** The module of a report the key type may share, looked up once; refused (ReportNotShareableError) before anything loads. */
function moduleToShare(report: ReportId, keyType: KeyType): FilteredReport {
  const shared = shareableReport(report);
  if (!mayOpen(shared, keyType)) throw new ReportNotShareableError(report);
  return shared;
}

export class ReportNotShareableError extends Error {
  constructor(report: ReportId) {
    super(`An affiliate key cannot share the ${report} report.`);
    this.name = "ReportNotShareableError";
  }
}

/**
 * Names that hold one customer's data wherever they occur. No kept field has such a name
 * today: this is the second net, for a nested field added later to something kept whole.
 */
const PERSONAL_KEY = /customer|e-?mail|phone|address|zip|postal|cardLast4|last4|document|cpf/i;

function withoutPersonalKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutPersonalKeys);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(Object.entries(value).filter(([key]) => !PERSONAL_KEY.test(key)).map(([key, v]) => [key, withoutPersonalKeys(v)]));
}

/**
 * A copy of `view` (the report's view as its builder made it, for `keyType`) with only the
 * fields a shared snapshot shows. A view made for another key type than the one sharing is
 * refused, as is a report the key type may not share.
 */
export function shareableView<R extends ReportId>(report: R, view: unknown, keyType: KeyType): SharedViews[R] {
  const shared = moduleToShare(report, keyType);
  if (view === null || typeof view !== "object") throw new TypeError(`A ${report} view must be an object.`);
  const source = view as Record<string, unknown>;
  if ("keyType" in source && source.keyType !== keyType) throw new TypeError(`This ${report} view was made for another key type.`);
  const kept = Object.keys(shared.share.keep).filter((key) => key in source).map((key) => [key, withoutPersonalKeys(source[key])]);
  return Object.fromEntries(kept) as SharedViews[R];
}

/**
 * With one currency chosen, the report shows that currency only, and so does its snapshot:
 * every list entry of another currency is left out (the page filtering them would still send them).
 */
export function onlyCurrency(value: unknown, currency: string | null): unknown {
  if (!currency) return value;
  if (Array.isArray(value)) {
    return value
      .filter((item) => !(item !== null && typeof item === "object" && typeof (item as { currency?: unknown }).currency === "string" && (item as { currency: string }).currency !== currency))
      .map((item) => onlyCurrency(item, currency));
  }
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(Object.entries(value).map(([key, v]) => [key, key === "currencies" && Array.isArray(v) ? v.filter((c) => c === currency) : onlyCurrency(v, currency)]));
}

/** The report's view for the account, as a share link stores it. */
export async function buildShareableView<R extends ReportId>(report: R, client: MirroredClient, account: SessionAccount, params: ReportParams, options: LoadOptions = {}): Promise<SharedViews[R]> {
  // Refused before any upstream request.
  const shared = moduleToShare(report, account.keyType);
  return onlyCurrency(shareableView(report, await shared.build(client, account, params, options), account.keyType), params.currency) as SharedViews[R];
}
