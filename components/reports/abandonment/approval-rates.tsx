import { useTranslations } from "next-intl";
import { CsvLink } from "@/components/reports/csv-link";
import { useFormats } from "@/components/i18n/use-formats";
import { useCodeLabel } from "@/components/i18n/use-code-label";
import { approvalOverAllAttempts } from "@/lib/analytics/abandonment-attempts";
import type { AbandonmentView } from "@/lib/reports/report-views";
import { card } from "@/components/ui/surface";

const DIMENSIONS = { psp: "dimensionPsp", paymentMethod: "dimensionMethod", cardBrand: "dimensionBrand" } as const;

// Approval rates say what they are over: the abandoned carts' attempts only (a cart that was
// never paid has mostly declines, so 12% there is not the account's approval rate), next to the
// rate over all attempts as far as purchases allow.
export function ApprovalRates({ approval, kpis }: { approval: AbandonmentView["approval"]; kpis: AbandonmentView["kpis"] }) {
  const t = useTranslations("numbers");
  const f = useFormats();
  const label = useCodeLabel();
  const pct = (v: number | null) => (v === null ? "—" : f.percent(v, 1));
  const carts = approval.psp.overall;
  // Checkouts are counted per currency; a count of checkouts adds up across currencies.
  const purchased = kpis.reduce((n, k) => n + (k.items.find((i) => i.key === "purchasedCheckouts")?.value ?? 0), 0);
  const all = approvalOverAllAttempts(carts, purchased);
  return (
    <div className="space-y-3">
      <div className={card("p-4 text-sm")} data-testid="approval-overall">
        <p data-testid="approval-over-carts">{t("approvalOverallCarts", { rate: pct(carts.rate), approved: f.number(carts.approved), attempts: f.number(carts.attempts) })}</p>
        <p className="mt-1" data-testid="approval-over-all">{t("approvalOverallAll", { rate: pct(all.atMost), approved: f.number(all.approved), attempts: f.number(all.attempts) })}</p>
        <p className="mt-1 text-xs text-zinc-600 dark:text-zinc-400">{t("approvalOverallWhy")}</p>
      </div>
      <div className="grid gap-4 md:grid-cols-3">
        {(["psp", "paymentMethod", "cardBrand"] as const).map((by) => (
          <div key={by} className={card("p-4 text-sm")}>
            <h3 className="font-semibold">{t("approvalRateBy", { dimension: t(DIMENSIONS[by]) })} <CsvLink dataset="approval-rates" /></h3>
            <p className="text-xs text-zinc-600 dark:text-zinc-400" data-testid="approval-basis">{t("approvalBasis", { attempts: f.number(approval[by].overall.attempts) })}</p>
            <ul className="mt-2 space-y-1">
              {approval[by].rows.map((r) => <li key={r.key} className="flex justify-between"><span>{label(by, r.key)}</span><span className="tabular-nums">{t("ofAttempts", { rate: pct(r.rate), attempts: f.number(r.attempts) })}</span></li>)}
            </ul>
          </div>
        ))}
      </div>
    </div>
  );
}
