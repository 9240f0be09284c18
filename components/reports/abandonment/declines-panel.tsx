import { useTranslations } from "next-intl";
import type { AbandonmentView } from "@/lib/reports/report-views";
import { CsvLink } from "@/components/reports/csv-link";
import { useCodeLabel } from "@/components/i18n/use-code-label";
import { useFormats } from "@/components/i18n/use-formats";
import { declineTextId } from "@/lib/analytics/abandonment-decline-texts";
import { recoveredShare } from "@/lib/analytics/decline-recovery";
import { ApprovalRates } from "./approval-rates";
import { useCurrencyName } from "@/components/i18n/use-currency-name";
import { card } from "@/components/ui/surface";
import { ScrollRegion } from "@/components/ui/scroll-region";

// Why payments fail: decline codes in plain words, PSP × code, approval rates, attempts.
export function DeclinesPanel({ view }: { view: Pick<AbandonmentView, "declines" | "matrix" | "matrixRecovery" | "approval" | "attempts" | "kpis"> }) {
  const { declines, matrix, approval, attempts } = view;
  const currencyName = useCurrencyName();
  const label = useCodeLabel();
  const t = useTranslations("abandonment.declines");
  const f = useFormats();
  return (
    <section aria-labelledby="ab-declines" className="space-y-4">
      <h2 id="ab-declines" className="text-lg font-semibold">{t("title")} <CsvLink dataset="declines" /></h2>
      <ScrollRegion surface="card" label={t("codesScrollable")}>
        <table className="min-w-full text-sm" data-testid="decline-codes">
          <thead className="bg-zinc-100 text-left text-xs uppercase text-zinc-600 dark:bg-zinc-900 dark:text-zinc-400">
            <tr><th scope="col" className="px-3 py-2">{t("code")}</th><th scope="col" className="px-3 py-2 text-right">{t("carts")}</th><th scope="col" className="px-3 py-2 text-right">{t("value")}</th><th scope="col" className="px-3 py-2">{t("meaning")}</th><th scope="col" className="px-3 py-2">{t("whatToDo")}</th></tr>
          </thead>
          <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">
            {declines.byCount.map((row) => (
              <tr key={row.code}>
                <td className="px-3 py-2">{label("declineCode", row.code)}</td>
                <td className="px-3 py-2 text-right tabular-nums">{f.number(row.count)}</td>
                <td className="px-3 py-2 text-right tabular-nums">{row.values.map((v) => f.money(v.amount, v.currency)).join(" · ")}</td>
                <td className="px-3 py-2">{t(`text.${declineTextId(row.code)}.explanation`)}</td>
                <td className="px-3 py-2">{t(`text.${declineTextId(row.code)}.whatToDo`)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      <div className="grid gap-4 md:grid-cols-2">
        {declines.byValue.map((group) => (
          <div key={group.currency} className={card("p-4 text-sm")}>
            <h3 className="font-semibold">{t("rankedByValue", { currency: currencyName(group.currency) })}</h3>
            <ol className="mt-2 space-y-1">
              {group.rows.map((r) => <li key={r.code} className="flex justify-between gap-3"><span className="min-w-0">{label("declineCode", r.code)}</span><span className="tabular-nums">{t("rankedRow", { amount: f.money(r.amount, group.currency), count: r.count })}</span></li>)}
            </ol>
          </div>
        ))}
      </div>
      <ScrollRegion surface="card" className="p-4" label={t("matrixScrollable")} data-testid="decline-matrix-scroll">
        <h3 className="text-sm font-semibold">{t("matrixTitle")} <CsvLink dataset="decline-matrix" /></h3>
        <table className="mt-2 min-w-full text-sm" data-testid="decline-matrix" data-total={matrix.total}>
          <thead className="text-left text-xs text-zinc-600 dark:text-zinc-400"><tr><th scope="col" className="pr-3">{t("psp")}</th>{matrix.codes.map((c) => <th key={c} scope="col" className="pr-3 text-right">{label("declineCode", c)}</th>)}<th scope="col" className="text-right">{t("total")}</th></tr></thead>
          <tbody>
            {matrix.psps.map((psp, i) => (
              <tr key={psp} className="border-t border-zinc-100 dark:border-zinc-800">
                <th scope="row" className="pr-3 text-left font-medium">{label("psp", psp)}</th>
                {matrix.codes.map((c, j) => <td key={c} className="pr-3 text-right tabular-nums" data-cell="">{f.number(matrix.counts[i]?.[j] ?? 0)}</td>)}
                <td className="text-right tabular-nums">{f.number(matrix.pspTotals[i] ?? 0)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      <RecoveryMatrix matrix={matrix} recovery={view.matrixRecovery} />
      <ApprovalRates approval={approval} kpis={view.kpis} />
      <p className="text-sm" data-testid="attempts-per-cart">
        {t("attemptsPerCart", { buckets: attempts.buckets.map((b) => `${b.label}: ${f.number(b.carts)}`).join(" · "), mean: attempts.mean === null ? "—" : f.number(attempts.mean, 2) })}
      </p>
    </section>
  );
}

/**
 * The matrix's carts again, each cell as "recovered of carts · share": which declines a retry
 * or a reminder wins back. A separate table so the count matrix keeps plain numbers.
 */
function RecoveryMatrix({ matrix, recovery }: { matrix: AbandonmentView["matrix"]; recovery: AbandonmentView["matrixRecovery"] }) {
  const label = useCodeLabel();
  const t = useTranslations("abandonment.declines");
  const f = useFormats();
  const cell = (recovered: number, carts: number) => {
    const share = recoveredShare(recovered, carts);
    return share === null ? "—" : t("recoveredCell", { recovered: f.number(recovered), carts: f.number(carts), share: f.percent(share, 0) });
  };
  return (
    <ScrollRegion surface="card" className="p-4" label={t("recoveryScrollable")} data-testid="decline-recovery-scroll">
      <h3 className="text-sm font-semibold">{t("recoveryTitle")} <CsvLink dataset="decline-matrix" /></h3>
      <p className="mt-1 text-xs text-zinc-600 dark:text-zinc-400">{t("recoveryHint")}</p>
      <table className="mt-2 min-w-full text-sm" data-testid="decline-recovery" data-recovered={recovery.total} data-carts={matrix.total}>
        <thead className="text-left text-xs text-zinc-600 dark:text-zinc-400"><tr><th scope="col" className="pr-3">{t("psp")}</th>{matrix.codes.map((c) => <th key={c} scope="col" className="pr-3 text-right">{label("declineCode", c)}</th>)}<th scope="col" className="text-right">{t("total")}</th></tr></thead>
        <tbody>
          {matrix.psps.map((psp, i) => (
            <tr key={psp} className="border-t border-zinc-100 dark:border-zinc-800">
              <th scope="row" className="whitespace-nowrap pr-3 text-left font-medium">{label("psp", psp)}</th>
              {matrix.codes.map((c, j) => <td key={c} className="whitespace-nowrap pr-3 text-right tabular-nums" data-psp={psp} data-code={c}>{cell(recovery.recovered[i]?.[j] ?? 0, matrix.counts[i]?.[j] ?? 0)}</td>)}
              <td className="whitespace-nowrap text-right tabular-nums" data-psp={psp} data-code="*">{cell(recovery.pspRecovered[i] ?? 0, matrix.pspTotals[i] ?? 0)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="border-t border-zinc-200 font-medium dark:border-zinc-700">
            <th scope="row" className="pr-3 text-left">{t("total")}</th>
            {matrix.codes.map((c, j) => <td key={c} className="whitespace-nowrap pr-3 text-right tabular-nums" data-psp="*" data-code={c}>{cell(recovery.codeRecovered[j] ?? 0, matrix.codeTotals[j] ?? 0)}</td>)}
            <td className="whitespace-nowrap text-right tabular-nums" data-psp="*" data-code="*">{cell(recovery.total, matrix.total)}</td>
          </tr>
        </tfoot>
      </table>
    </ScrollRegion>
  );
}
