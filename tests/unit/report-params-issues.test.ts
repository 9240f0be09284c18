// Issue #14: a report URL's problems are codes with values, worded on the page in the reader's
// language; their English sentences (the API's error bodies) are unchanged.
import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import { MESSAGES } from "@/lib/i18n/messages";
import { paramIssueText } from "@/lib/report-params/param-issues";
import { parseReportParams } from "@/lib/report-params/parse";

const NOW = new Date("2026-03-10T12:00:00Z");
const portuguese = createTranslator({ locale: "pt-BR", messages: MESSAGES["pt-BR"], namespace: "report.problems" }) as unknown as (key: string, values: Record<string, string>) => string;

describe("report URL issues", () => {
  it("names each problem by a code and the values it quotes", () => {
    const { issues } = parseReportParams({ currency: "xyz", tz: "Mars/Base", compare: "sometimes", country: "XX", "purchases.dir": "up" }, NOW);
    expect(issues).toEqual([
      { code: "unknownZone", values: { zone: "Mars/Base" } },
      { code: "notOneOf", values: { raw: "sometimes", name: "comparison", values: "none, previous, last_year" } },
      { code: "unknownCurrency", values: { currency: "xyz" } },
      { code: "notCountry", values: { value: "XX" } },
      { code: "notDirection", values: { dir: "up", param: "purchases.dir" } },
    ]);
  });

  it("keeps the English sentences of before", () => {
    const { problems } = parseReportParams({ currency: "xyz", from: "2026-03-10", to: "2026-03-01", granularity: "hour", type: "gift" }, NOW);
    expect(problems).toEqual([
      "The range starts (2026-03-10) after it ends (2026-03-01); the two dates are swapped.",
      "Hourly buckets need a range of at most 2 days; this one has 10.",
      '"xyz" is not a currency (currency=xyz); use an ISO 4217 code such as brl, usd or eur.',
      '"gift" is not a purchase type (type=gift); use one of front, upsell, order_bump, downsell.',
    ]);
  });

  it("words every issue in Portuguese", () => {
    const { issues } = parseReportParams({ currency: "xyz", from: "2026-13-01", to: "2026-03-01", preset: "someday", "orders.page": "0" }, NOW);
    expect(issues.map((issue) => paramIssueText(issue, portuguese))).toEqual([
      "“someday” não é válido como período predefinido (preset); use um destes: today, yesterday, last_7_days, last_30_days, last_90_days, this_month, last_month, this_quarter, last_12_months, year_to_date, last_two_years.",
      "A data inicial “2026-13-01” não é um dia no formato AAAA-MM-DD.",
      "“xyz” não é uma moeda (currency=xyz); use um código ISO 4217 como brl, usd ou eur.",
      "“0” não é um número de página (orders.page=0); use um número inteiro a partir de 1.",
    ]);
  });
});
