import { formatMoney } from "@/lib/format";
import type { AbandonmentView } from "@/lib/reports/report-views";
import { CsvLink } from "@/components/reports/csv-link";

// Recovered carts: how long after abandonment they were bought, and what came back.
export function RecoveryPanel({ recovery }: { recovery: AbandonmentView["recovery"] }) {
  const hours = (m: number | null) => (m === null ? "—" : `${(m / 60).toFixed(1)} h`);
  return (
    <section aria-labelledby="ab-recovery" className="space-y-2">
      <h2 id="ab-recovery" className="text-lg font-semibold">Recovered carts <CsvLink dataset="recovery" /></h2>
      <p className="text-sm" data-testid="recovery-summary">
        {recovery.recoveredCarts.toLocaleString("en-US")} recovered · median {hours(recovery.medianMinutes)} after abandonment · 90% within {hours(recovery.p90Minutes)} ·{" "}
        {recovery.recovered.map((v) => formatMoney(v.amount, v.currency)).join(" · ")} recovered
      </p>
      <ul className="flex flex-wrap gap-2 text-sm">
        {recovery.buckets.map((b) => <li key={b.key} className="rounded-full bg-zinc-100 px-3 py-1 dark:bg-zinc-800">{b.label}: <span className="tabular-nums">{b.carts}</span></li>)}
      </ul>
    </section>
  );
}
