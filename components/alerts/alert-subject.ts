"use client";

import { useTranslations } from "next-intl";
import { useCodeLabel } from "@/components/i18n/use-code-label";

/** An episode's subject in words: a currency, a PSP or payment method, a resource; nothing for the key. */
export function useAlertSubject(): (kind: string, subject: string) => string {
  const label = useCodeLabel();
  const resource = useTranslations("alerts.resource");
  return (kind, subject) => {
    if (kind === "sales_drop" || kind === "chargeback_projection" || kind === "refund_spike") return subject.toUpperCase();
    if (kind === "decline_rise") {
      const at = subject.indexOf(":");
      return label(subject.slice(0, at) === "psp" ? "psp" : "paymentMethod", subject.slice(at + 1));
    }
    if (kind === "unreadable_days") return resource.has(subject as never) ? resource(subject as never) : subject;
    return "";
  };
}
