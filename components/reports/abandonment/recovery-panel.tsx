import { useTranslations } from "next-intl";
import type { AbandonmentView } from "@/lib/reports/report-views";
import { CsvLink } from "@/components/reports/csv-link";
import { useFormats } from "@/components/i18n/use-formats";

// Recovered carts: how long after abandonment they were bought, and what came back.
export function RecoveryPanel({ recovery }: { recovery: AbandonmentView["recovery"] }) {
  const t = useTranslations("abandonment.recovery");
  const f = useFormats();
  const hours = (m: number | null) => (m === null ? "—" : t("hours", { hours: f.number(m / 60, 1) }));
  return (
    <section aria-labelledby="ab-recovery" className="space-y-2">
      <h2 id="ab-recovery" className="text-lg font-semibold">{t("title")} <CsvLink dataset="recovery" /></h2>
      <p className="text-sm" data-testid="recovery-summary">
        {t("summary", {
          carts: f.number(recovery.recoveredCarts),
          median: hours(recovery.medianMinutes),
          p90: hours(recovery.p90Minutes),
          values: recovery.recovered.map((v) => f.money(v.amount, v.currency)).join(" · "),
        })}
      </p>
      <ul className="flex flex-wrap gap-2 text-sm">
        {recovery.buckets.map((b) => <li key={b.key} className="rounded-full bg-zinc-100 px-3 py-1 dark:bg-zinc-800">{t(`bucket.${b.key}`)}: <span className="tabular-nums">{f.number(b.carts)}</span></li>)}
      </ul>
    </section>
  );
}
