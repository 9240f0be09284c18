import { useTranslations } from "next-intl";
import { CsvLink } from "@/components/reports/csv-link";
import { KpiGrid } from "@/components/reports/kpi-grid";
import { ABANDONMENT_DEFINITION_KEYS } from "@/lib/analytics/abandonment-kpis";
import type { CurrencyAssumption } from "@/lib/analytics/assumed-currency";
import type { AbandonmentView } from "@/lib/reports/report-views";
import { card } from "@/components/ui/surface";

interface Props { kpis: AbandonmentView["kpis"]; comparisonDataFrom: string | null; partialDeltas?: boolean; assumedCurrency?: CurrencyAssumption | null }

export function AbandonmentKpis({ kpis, comparisonDataFrom, partialDeltas = false, assumedCurrency = null }: Props) {
  const t = useTranslations("abandonment");
  return (
    <section aria-labelledby="ab-kpis" className="space-y-4">
      <h2 id="ab-kpis" className="text-lg font-semibold">{t("keyFigures")} <CsvLink dataset="kpis" /></h2>
      <KpiGrid kpis={kpis} partialDeltas={partialDeltas} assumedCurrency={assumedCurrency} comparisonDataFrom={comparisonDataFrom} testIdPrefix="ab" />
      <details className={card("p-4 text-sm")}>
        <summary className="cursor-pointer font-medium">{t("definitionsTitle")}</summary>
        <dl className="mt-2 space-y-2">
          {ABANDONMENT_DEFINITION_KEYS.map((key) => <div key={key}><dd>{t(`definitions.${key}`)}</dd></div>)}
        </dl>
      </details>
    </section>
  );
}
