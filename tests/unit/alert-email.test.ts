import { describe, expect, it } from "vitest";
import { renderAlertEmail, type AlertMessage } from "@/lib/alerts/alert-email";
import type { DeclineRiseFacts } from "@/lib/alerts/decline-rise";
import type { SalesDropFacts } from "@/lib/alerts/sales-drop";
import type { ChargebackProjectionFacts } from "@/lib/alerts/chargeback-projection";
import type { RefundSpikeFacts } from "@/lib/alerts/refund-spike";

// An alert's mail in both languages, for each kind and event: every placeholder filled, the
// figures and the explanation told, the report linked, the unsubscribe link there.
const sales: SalesDropFacts = {
  currency: "brl", day: "2026-06-15", hours: 11, weeks: ["2026-06-08", "2026-06-01", "2026-05-25", "2026-05-18"],
  purchases: { current: 73, expected: 149.5, low: 104.65, min: 127, max: 192 },
  net: { current: 1770450, expected: 3188790.75, low: 2232153.5, min: 2664735, max: 3912713 },
  threshold: 30,
  fired: "purchases",
  findings: [{ dimension: "product", key: "Sourdough Masterclass", current: 0, previous: 60.5, share: 0.79, weight: 0.4 }],
};
const declines: DeclineRiseFacts = {
  by: "psp", key: "pagarme", from: "2026-06-14T12:00:00.000Z", to: "2026-06-15T12:00:00.000Z", usualFrom: "2026-06-07T12:00:00.000Z",
  current: { attempts: 400, declined: 300, rate: 0.75 }, usual: { attempts: 2000, declined: 1000, rate: 0.5 }, threshold: 10,
  findings: [{ dimension: "declineCode", key: "do_not_honor", current: 240, previous: 20, share: 0.88, weight: 0.1 }],
};
const chargebacks: ChargebackProjectionFacts = {
  currency: "brl", month: "2026-06-01", today: "2026-06-15", daysLeft: 15, monthToDate: { sales: 1000, chargebacks: 9 }, pace: { days: 14, sales: 900, chargebacks: 14 },
  projected: { sales: 1964.29, chargebacks: 24, rate: 0.0122 }, threshold: 0.9,
  findings: [{ dimension: "product", key: "Private Coaching Call", events: 6, base: 100, eventShare: 0.6667, baseShare: 0.1 }],
};
const refunds: RefundSpikeFacts = { currency: "usd", day: "2026-06-14", weeks: ["2026-06-07", "2026-05-31", "2026-05-24", "2026-05-17"], refunds: { current: 40, expected: 12.5, min: 9, max: 16 }, refunded: { current: 123456, expected: 40000 }, threshold: 50,
  findings: [{ dimension: "psp", key: "pagarme", current: 30, previous: 2.5, share: 1, weight: 0.2 }] };
const options = (locale: "en" | "pt-BR") => ({ locale, timeZone: "America/Sao_Paulo", baseUrl: "https://dash.example/", unsubscribeUrl: "https://dash.example/digests/unsubscribe?token=t" });
const message = (kind: string, event: "fired" | "resolved", facts: unknown): AlertMessage => ({ kind, subject: "x", event, facts });

describe("an alert's mail", () => {
  it("tells a drop in sales with its figures, what explains it and the filtered report", async () => {
    const mail = await renderAlertEmail(message("sales_drop", "fired", sales), options("en"));
    expect(mail.subject).toBe("Salesdash alert: BRL sales 51.2% below the usual today");
    expect(mail.text).toContain("Until 11:00 on Jun 15, 2026: 73 purchases, against 149.5 expected (the mean of the same hours of the last 4 Mondays, which ranged from 127 to 192).");
    expect(mail.text).toContain("Net revenue: R$17,704.50, against R$31,887.91 expected (R$26,647.35 to R$39,127.13).");
    expect(mail.text).toContain("79% of the drop is product “Sourdough Masterclass”: 0 purchases, against 60.5 usually.");
    expect(mail.html).toContain("https://dash.example/revenue?from=2026-06-15&amp;to=2026-06-15&amp;tz=America%2FSao_Paulo&amp;product=Sourdough+Masterclass");
    expect(mail.text).toContain("Unsubscribe https://dash.example/digests/unsubscribe?token=t");
  });

  it("tells a PSP's declines with the code that explains them", async () => {
    const mail = await renderAlertEmail(message("decline_rise", "fired", declines), options("pt-BR"));
    expect(mail.subject).toBe("Alerta do Salesdash: recusas de Pagar.me em 75,0%, habitualmente 50,0%");
    expect(mail.text).toContain("Nas últimas 24 horas, 300 de 400 tentativas de pagamento por PSP “Pagar.me” foram recusadas (75,0%).");
    expect(mail.text).toMatch(/88% das recusas a mais é código de recusa “[^”]+”: 240 tentativas recusadas, contra 20 na taxa habitual\./);
    expect(mail.html).toContain("https://dash.example/abandonment?from=2026-06-14&amp;to=2026-06-15");
  });

  it("says when it is over, and tells the days that cannot be read and the key refused, in both languages, every placeholder filled", async () => {
    const all: AlertMessage[] = [
      message("sales_drop", "resolved", sales),
      message("decline_rise", "resolved", declines),
      message("unreadable_days", "fired", { resource: "purchases", days: ["2026-06-10", "2026-06-14"] }),
      message("unreadable_days", "resolved", { resource: "purchases", days: [] }),
      message("key_refused", "fired", {}),
      message("key_refused", "resolved", {}),
      message("chargeback_projection", "fired", chargebacks),
      message("chargeback_projection", "resolved", chargebacks),
      message("refund_spike", "fired", refunds),
      message("refund_spike", "resolved", refunds),
    ];
    for (const locale of ["en", "pt-BR"] as const) {
      for (const m of all) {
        const mail = await renderAlertEmail(m, options(locale));
        expect(`${mail.subject}\n${mail.text}`).not.toMatch(/[{}]|undefined|NaN/);
      }
    }
    const netOnly = await renderAlertEmail(message("sales_drop", "fired", { ...sales, purchases: { ...sales.purchases, current: 140 }, fired: "net", findings: [{ ...sales.findings[0]!, current: 0, previous: 1_234_500 }] }), options("en"));
    expect(netOnly.subject).toBe("Salesdash alert: BRL net revenue 44.5% below the usual today");
    expect(netOnly.text).toContain("79% of the drop in sales is product “Sourdough Masterclass”: R$0.00, against R$12,345.00 usually.");
    const resolved = await renderAlertEmail(all[0]!, options("en"));
    expect(resolved.subject).toBe("Salesdash: BRL sales are back within the usual");
    expect(resolved.text).not.toContain("of the drop is");
    expect((await renderAlertEmail(all[2]!, options("en"))).text).toContain("On Jun 10, 2026, Jun 14, 2026, the Sales API held more than 5000 purchases for one day");
    expect((await renderAlertEmail(all[4]!, options("pt-BR"))).subject).toBe("Alerta do Salesdash: a Sales API não aceita mais a sua chave");
    const cb = await renderAlertEmail(all[6]!, options("en"));
    expect(cb.subject).toBe("Salesdash alert: BRL chargebacks projected at 1.22% this month");
    expect(cb.text).toContain("This month until Jun 15, 2026: 9 disputes opened over 1,000 sales (0.90%).");
    expect(cb.text).toContain("In the last 14 days: 14 disputes and 900 sales. At that pace, with 15 days left, the month ends near 1.22%.");
    expect(cb.html).toContain("https://dash.example/refunds?from=2026-06-01&amp;to=2026-06-15&amp;dating=event&amp;tz=America%2FSao_Paulo");
    // What carries the disputes: a product's part of them against its part of the sales, with the month's Refunds report filtered by it.
    expect(cb.text).toContain("67% of the month's disputes are of product “Private Coaching Call”: 6 disputes, on 10% of the month's sales (100 sales).");
    expect(cb.html).toContain("https://dash.example/refunds?from=2026-06-01&amp;to=2026-06-15&amp;dating=event&amp;tz=America%2FSao_Paulo&amp;product=Private+Coaching+Call");
    const cbPt = await renderAlertEmail(all[6]!, options("pt-BR"));
    expect(cbPt.text).toContain("67% das disputas do mês são de produto “Private Coaching Call”: 6 disputas, com 10% das vendas (100 vendas).");
    const spike = await renderAlertEmail(all[8]!, options("pt-BR"));
    expect(spike.subject).toBe("Alerta do Salesdash: 40 reembolsos em USD ontem, habitualmente 12,5");
    // What explains the spike: the PSP of the refunded sales, with the day's Refunds report filtered by it.
    expect(spike.text).toContain("100% dos reembolsos a mais são de PSP “Pagar.me”: 30 reembolsos, contra 2,5 habitualmente.");
    expect(spike.html).toContain("https://dash.example/refunds?from=2026-06-14&amp;to=2026-06-14&amp;dating=event&amp;tz=America%2FSao_Paulo&amp;psp=pagarme");
    // The Refunds report has no card brand filter: that finding is told without a link.
    const byBrand = await renderAlertEmail(message("refund_spike", "fired", { ...refunds, findings: [{ dimension: "cardBrand", key: "visa", current: 30, previous: 2.5, share: 1, weight: 0.2 }] }), options("en"));
    expect(byBrand.text).toContain("100% of the extra refunds are of card brand “Visa”: 30 refunds, against 2.5 usually.");
    expect(byBrand.html).not.toContain("brand=");
    expect(byBrand.text).not.toContain("See Visa in the report");
    const spread = await renderAlertEmail(message("refund_spike", "fired", { ...refunds, findings: [] }), options("en"));
    expect(spread.text).toContain("The extra refunds are spread across products, offers, payment methods and PSPs as usual");
    // An episode opened before refunds were explained says neither.
    const older: Omit<RefundSpikeFacts, "findings"> = { ...refunds };
    delete (older as Partial<RefundSpikeFacts>).findings;
    const old = await renderAlertEmail(message("refund_spike", "fired", older), options("en"));
    expect(old.text).not.toContain("extra refunds");
  });
});
