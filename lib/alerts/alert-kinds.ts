// The alerts a user can switch on, each with the threshold they may change. Every one is off
// until switched on. An affiliate's key reads no abandoned carts, so the decline alert is a
// creator's only. (Evaluated after each sync pass: lib/alerts/evaluate-alerts.ts.)
import type { KeyType } from "@/lib/sales-api";
import type { AlertRule } from "@/lib/store/alert-store";

export const ALERT_KINDS = ["sales_drop", "decline_rise", "chargeback_projection", "refund_spike", "unreadable_days", "key_refused"] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

export interface ThresholdSpec {
  /** "percent": away from the expected by this much; "points": a rate above its usual by this many percentage points; "line": a rate, in percent. */
  unit: "percent" | "points" | "line";
  default: number;
  min: number;
  max: number;
  /** The steps the page offers. */
  step: number;
}

export interface AlertKindSpec {
  threshold: ThresholdSpec | null;
  creatorOnly: boolean;
}

export const ALERT_SPECS: Record<AlertKind, AlertKindSpec> = {
  // Sales (purchases) or net revenue so far today this far below the same hours of the same weekday of recent weeks.
  sales_drop: { threshold: { unit: "percent", default: 30, min: 5, max: 90, step: 1 }, creatorOnly: false },
  // A PSP's or payment method's share of declined attempts in the last 24 hours this far above the 7 days before.
  decline_rise: { threshold: { unit: "points", default: 10, min: 1, max: 50, step: 1 }, creatorOnly: true },
  // The month's chargeback rate, projected to its end at the last 14 days' pace, at or over this line (card networks watch 0.9%, call 1.5% excessive).
  chargeback_projection: { threshold: { unit: "line", default: 0.9, min: 0.1, max: 5, step: 0.1 }, creatorOnly: false },
  // Yesterday's refunds this far above the same weekday of the four weeks before.
  refund_spike: { threshold: { unit: "percent", default: 50, min: 10, max: 500, step: 5 }, creatorOnly: false },
  // A day of the synced window held more than the API's 5000 records: it cannot be read whole.
  unreadable_days: { threshold: null, creatorOnly: false },
  // The upstream answered 401: the key no longer works.
  key_refused: { threshold: null, creatorOnly: false },
};

export const isAlertKind = (kind: string): kind is AlertKind => (ALERT_KINDS as readonly string[]).includes(kind);

export const alertKindsFor = (keyType: KeyType): AlertKind[] => ALERT_KINDS.filter((kind) => keyType === "creator" || !ALERT_SPECS[kind].creatorOnly);

export interface KindRule {
  kind: AlertKind;
  enabled: boolean;
  /** The chosen threshold, or the kind's default; null for a kind without one. */
  threshold: number | null;
  timeZone: string | null;
}

/** Every kind the key type has, as stored or as its default (off). */
export function rulesFor(keyType: KeyType, stored: readonly AlertRule[]): KindRule[] {
  return alertKindsFor(keyType).map((kind) => {
    const spec = ALERT_SPECS[kind].threshold;
    const rule = stored.find((r) => r.kind === kind);
    const threshold = spec ? (rule?.threshold !== null && rule?.threshold !== undefined ? Math.min(spec.max, Math.max(spec.min, rule.threshold)) : spec.default) : null;
    return { kind, enabled: rule?.enabled ?? false, threshold, timeZone: rule?.timeZone ?? null };
  });
}
