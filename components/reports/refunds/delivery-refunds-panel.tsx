"use client";

import { useTranslations } from "next-intl";
import { useCodeLabel } from "@/components/i18n/use-code-label";
import { useFormats } from "@/components/i18n/use-formats";
import { CsvLink } from "@/components/reports/csv-link";
import type { DeliveryRefunds, RateRow } from "@/lib/analytics/delivery-refunds";
import { card } from "@/components/ui/surface";

type Cell = { n: number; of: number; rate: number | null };

// Never a rate without its sample: each cell says "n of orders (rate)".
function Share({ cell, testId }: { cell: Cell; testId: string }) {
  const t = useTranslations("refunds");
  const f = useFormats();
  return <span className="tabular-nums" data-testid={testId}>{t("deliveryRates.share", { n: f.number(cell.n), of: f.number(cell.of), rate: cell.rate === null ? "—" : f.percent(cell.rate, 1) })}</span>;
}

function RatesTable({ id, caption, head, rows }: { id: string; caption: string; head: string; rows: Array<{ key: string; name: string; row: RateRow }> }) {
  const t = useTranslations("refunds");
  return (
    <div className={card("p-3 sm:p-4")}>
      <table className="w-full text-left text-sm" data-testid={`dr-${id}`}>
        <caption className="mb-2 text-left text-sm font-semibold">{caption}</caption>
        <thead className="text-xs text-zinc-600 dark:text-zinc-400">
          <tr><th scope="col" className="py-1 pr-2 font-medium">{head}</th><th scope="col" className="py-1 pr-2 font-medium">{t("deliveryRates.refunded")}</th><th scope="col" className="py-1 font-medium">{t("deliveryRates.chargedBack")}</th></tr>
        </thead>
        <tbody>
          {rows.map(({ key, name, row }) => (
            <tr key={key} className="border-t border-zinc-100 dark:border-zinc-800" data-testid={`dr-${id}-row`} data-key={key}>
              <th scope="row" className="py-1 pr-2 font-normal break-words">{name}</th>
              <td className="py-1 pr-2"><Share cell={{ n: row.refunded, of: row.orders, rate: row.refundRate }} testId="dr-refunded" /></td>
              <td className="py-1"><Share cell={{ n: row.chargedBack, of: row.orders, rate: row.chargebackRate }} testId="dr-charged" /></td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Refund and chargeback rates of physical orders by last milestone, carrier and days to delivery, and late deliveries per carrier. */
export function DeliveryRefundsPanel({ view }: { view: { keyType: string; dating: string; delivery: unknown; deliveryRates?: DeliveryRefunds | null } }) {
  const t = useTranslations("refunds");
  // Creator only (orders are a creator's); dated by request the rates would mix periods: say why they are absent.
  if (view.keyType !== "creator" || !view.delivery && !view.deliveryRates) return null;
  if (!view.deliveryRates) return view.dating === "event" ? <p className="text-sm text-zinc-600 dark:text-zinc-400" data-testid="delivery-rates-by-sale">{t("deliveryRates.datedByRequest")}</p> : null;
  return <RatesPanel rates={view.deliveryRates} />;
}

function RatesPanel({ rates }: { rates: DeliveryRefunds }) {
  const t = useTranslations("refunds");
  const label = useCodeLabel();
  const f = useFormats();
  const carrier = (key: string) => label("carrier", key === "unknown" ? null : key);
  const late = f.number(rates.lateAfterDays);
  return (
    <section aria-labelledby="rf-delivery-rates" className="space-y-2" data-testid="delivery-rates">
      <h2 id="rf-delivery-rates" className="text-lg font-semibold">{t("deliveryRates.title")} <CsvLink dataset="delivery-refunds" /></h2>
      <p className="text-xs text-zinc-600 sm:text-sm dark:text-zinc-400">{t("deliveryRates.explained", { orders: f.number(rates.orders), days: late })}</p>
      {rates.orders === 0 ? <p className="text-sm">{t("deliveryRates.none")}</p> : (
        <div className="grid gap-4 lg:grid-cols-2">
          <RatesTable id="milestone" caption={t("deliveryRates.byMilestone")} head={t("deliveryRates.milestone")} rows={rates.byMilestone.map((row) => ({ key: row.key, name: label("milestone", row.key), row }))} />
          <RatesTable id="carrier" caption={t("deliveryRates.byCarrier")} head={t("deliveryRates.carrier")} rows={rates.byCarrier.map((row) => ({ key: row.key, name: carrier(row.key), row }))} />
          <RatesTable id="days" caption={t("deliveryRates.byDays")} head={t("deliveryRates.days")} rows={rates.byDays.map((row) => ({ key: row.key, name: t(`deliveryRates.bucket.${row.key}` as "deliveryRates.bucket.upTo3"), row }))} />
          <div className={card("p-3 sm:p-4")}>
            <table className="w-full text-left text-sm" data-testid="dr-late">
              <caption className="mb-2 text-left text-sm font-semibold">{t("deliveryRates.lateTitle", { days: late })}</caption>
              <thead className="text-xs text-zinc-600 dark:text-zinc-400">
                <tr><th scope="col" className="py-1 pr-2 font-medium">{t("deliveryRates.carrier")}</th><th scope="col" className="py-1 pr-2 font-medium">{t("deliveryRates.onTime", { days: late })}</th><th scope="col" className="py-1 font-medium">{t("deliveryRates.late", { days: late })}</th></tr>
              </thead>
              <tbody>
                {rates.lateByCarrier.map((c) => (
                  <tr key={c.carrier} className="border-t border-zinc-100 dark:border-zinc-800" data-testid="dr-late-row" data-key={c.carrier}>
                    <th scope="row" className="py-1 pr-2 font-normal break-words">{carrier(c.carrier)}</th>
                    <td className="py-1 pr-2"><Share cell={{ n: c.onTime.refunded, of: c.onTime.orders, rate: c.onTime.refundRate }} testId="dr-ontime" /></td>
                    <td className="py-1"><Share cell={{ n: c.late.refunded, of: c.late.orders, rate: c.late.refundRate }} testId="dr-late-refunded" /></td>
                  </tr>
                ))}
              </tbody>
            </table>
            <p className="mt-2 text-xs text-zinc-600 dark:text-zinc-400">{t("deliveryRates.lateExplained", { days: late })}</p>
          </div>
        </div>
      )}
    </section>
  );
}
