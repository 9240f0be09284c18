import { useTranslations } from "next-intl";
import type { AbandonmentView } from "@/lib/reports/report-views";
import type { FunnelNote } from "@/lib/analytics/abandonment-funnel";
import { CsvLink } from "@/components/reports/csv-link";
import { useFormats } from "@/components/i18n/use-formats";
import type { CategoryLabel } from "@/lib/i18n/code-labels";
import { ScrollRegion } from "@/components/ui/scroll-region";

type Funnel = AbandonmentView["funnel"];

// The checkout funnel from the carts' timestamps, with the drop at each step.
export function FunnelTable({ title, funnel, testId, groupLabel }: { title: string; funnel: Funnel; testId: string; groupLabel: (key: string) => CategoryLabel }) {
  const t = useTranslations("abandonment.funnel");
  const f = useFormats();
  const note = (n: FunnelNote) =>
    n.id === "noField" ? t("note.noField", { field: t(`field.${n.field}`), group: t("purchasedGroup") })
    : n.id === "none" ? t("note.none", { field: t(`field.${n.field}`), group: t("groupNone") })
    : t(`note.${n.id}`);
  return (
    <ScrollRegion surface="card" className="p-4" label={t("scrollable", { title })}>
      <h3 className="text-sm font-semibold">{title} <CsvLink dataset={testId} /></h3>
      <table className="mt-2 min-w-full text-sm" data-testid={testId}>
        <thead className="text-left text-xs uppercase text-zinc-600 dark:text-zinc-400">
          <tr><th scope="col" className="py-1 pr-3">{t("group")}</th>{funnel.groups[0]?.steps.map((s) => <th key={s.key} scope="col" className="py-1 pr-3 text-right">{t(`step.${s.key}`)}</th>)}</tr>
        </thead>
        <tbody>
          {funnel.groups.map((g) => (
            <tr key={g.key} className="border-t border-zinc-100 dark:border-zinc-800">
              <th scope="row" className="py-1 pr-3 text-left font-medium"><GroupName {...groupLabel(g.key)} /></th>
              {g.steps.map((s) => (
                <td key={s.key} className="py-1 pr-3 text-right tabular-nums" data-step={s.key}>
                  {f.number(s.count)}
                  {s.dropRatio !== null && <span className="block text-xs text-zinc-600 dark:text-zinc-400">−{f.percent(s.dropRatio, 1)}</span>}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {funnel.notes.length > 0 && <ul className="mt-2 list-disc pl-5 text-xs text-zinc-600 dark:text-zinc-400">{funnel.notes.map((n) => <li key={n.id}>{note(n)}</li>)}</ul>}
    </ScrollRegion>
  );
}

function GroupName({ label, secondary }: CategoryLabel) {
  return <>{label}{secondary && <span className="block text-xs font-normal text-zinc-600 dark:text-zinc-400">{secondary}</span>}</>;
}
