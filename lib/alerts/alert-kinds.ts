// The alerts a user can switch on, each with the threshold they may change. Every one is off
// until switched on. An affiliate's key reads no abandoned carts, so the decline alert is a
// creator's only. (Evaluated after each sync pass: lib/alerts/evaluate-alerts.ts.)
import type { KeyType } from "@/lib/sales-api";
import type { AlertRule } from "@/lib/store/alert-store";

export const ALERT_KINDS = ["sales_drop", "decline_rise", "unreadable_days", "key_refused"] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

export interface ThresholdSpec {
  /** "percent": below the expected by this much; "points": a rate above its usual by this many percentage points. */
  unit: "percent" | "points";
  default: number;
  min: number;
  max: number;
}

export interface AlertKindSpec {
  threshold: ThresholdSpec | null;
  creatorOnly: boolean;
}

export const ALERT_SPECS: Record<AlertKind, AlertKindSpec> = {
  // Sales (purchases) or net revenue so far today this far below the same hours of the same weekday of recent weeks.
  sales_drop: { threshold: { unit: "percent", default: 30, min: 5, max: 90 }, creatorOnly: false },
  // A PSP's or payment method's share of declined attempts today this far above its last four weeks'.
  decline_rise: { threshold: { unit: "points", default: 10, min: 1, max: 50 }, creatorOnly: true },
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
