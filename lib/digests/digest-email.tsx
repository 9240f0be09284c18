import "server-only";

// A digest as an e-mail: subject, HTML and plain text, in the reader's language, from the
// digest's figures (digest-content.ts) and nothing else. React Email's components write the
// table-based HTML mail clients read; its render gives the plain text from the same tree, so
// both parts say the same. Links open the Revenue report of the period, and of a finding's key.
import { Body, Container, Heading, Html, Link, Preview, Section, Text } from "@react-email/components";
import { render } from "@react-email/render";
import { FILTER_DIMENSION } from "@/lib/analytics/filters";
import type { Dimension } from "@/lib/analytics/dimensions";
import { fromCents } from "@/lib/analytics/money";
import { formatMonth, parseDay } from "@/lib/calendar";
import type { AppLocale } from "@/lib/i18n/locales";
import { FILTER_KEYS, type FilterKey } from "@/lib/report-params/definitions";
import { parseReportParams, reportQuery } from "@/lib/report-params/parse";
import type { DigestChange, DigestContent, DigestFigure } from "./digest-content";
import { styles } from "./email-style";
import { MailFooter, MailHead } from "./mail-head";
import { changeText, wordsFor, type Words } from "./email-words";

export interface DigestEmailOptions {
  locale: AppLocale;
  /** The dashboard's address (NEXTAUTH_URL): the links open the reports there. */
  baseUrl: string;
  /** The signed one-click unsubscribe address of this subscription; none in a preview. */
  unsubscribeUrl: string | null;
  /** Words for the account's webhook: why it receives the digest is its settings', not a confirmed address's. */
  toWebhook?: boolean;
}

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

const MONEY_FIGURES = new Set(["transactionAmount", "creatorNet", "averageOrderValue", "refunded", "commission", "commissionNet", "referredSales"]);
const FILTER_OF = Object.fromEntries(FILTER_KEYS.map((key) => [FILTER_DIMENSION[key], key])) as Record<Dimension, FilterKey>;

const figureValue = (f: DigestFigure, value: number | null, currency: string, w: Words): string =>
  value === null ? "—" : MONEY_FIGURES.has(f.key) ? w.fmt.money(value, currency) : w.fmt.number(value);

const changeValue = (change: DigestChange, value: number, w: Words): string => (change.figure === "amount" ? w.fmt.money(fromCents(value), change.currency) : w.fmt.number(value));

/** The Revenue report of the period (and of a finding's key), written as the report writes its own address. */
function reportUrl(content: DigestContent, baseUrl: string, filter?: { dimension: Dimension; key: string }): string {
  const { params } = parseReportParams({ from: content.period.from, to: content.period.to, tz: content.timeZone, ...(filter ? { [FILTER_OF[filter.dimension]]: filter.key } : {}) });
  return `${baseUrl.replace(/\/$/, "")}/revenue?${reportQuery(params)}`;
}

function subjectOf(content: DigestContent, w: Words): string {
  const { period, cadence } = content;
  if (cadence === "daily") return w.t("subject.daily", { day: w.fmt.day(period.from) });
  if (cadence === "weekly") return w.t("subject.weekly", { from: w.fmt.day(period.from), to: w.fmt.day(period.to) });
  const [year, month] = formatMonth(parseDay(period.from)).split("-").map(Number) as [number, number];
  return w.t("subject.monthly", { month: new Intl.DateTimeFormat(w.fmt.locale, { month: "long", year: "numeric", timeZone: "UTC" }).format(Date.UTC(year, month - 1, 1)) });
}

function qualityLines(content: DigestContent, w: Words): string[] {
  const lines: string[] = [];
  const q = [content.quality.period, content.quality.baseline];
  const count = (pick: (p: (typeof q)[number]) => number) => q.reduce((sum, p) => sum + pick(p), 0);
  const reasons = [
    ["incompleteDays", count((p) => p.incompleteDays.length)],
    ["unfetchedDays", count((p) => p.unfetchedDays.length)],
    ["invalidRecords", count((p) => p.invalidRecords)],
  ] as const;
  const said = reasons.filter(([, n]) => n > 0).map(([key, n]) => w.t(`reasons.${key}`, { count: n }));
  if (said.length > 0) lines.push(w.t("incomplete", { reasons: said.join("; ") }));
  if (content.assumedCurrency) lines.push(w.t("assumedCurrency", { count: content.assumedCurrency.records, currency: content.assumedCurrency.currency.toUpperCase() }));
  return lines;
}

function DigestEmail({ content, options, w }: { content: DigestContent; options: DigestEmailOptions; w: Words }) {
  const t = w.t;
  const amountWord = content.keyType === "creator" ? "amount" : "amountAffiliate";
  const quality = qualityLines(content, w);
  const first = content.changes[0];
  return (
    <Html lang={options.locale}>
      <MailHead />
      {first ? (
        <Preview>
          {t("preview", {
            figure: t(`changeFigure.${first.figure === "amount" ? amountWord : "purchases"}`, { currency: first.currency.toUpperCase() }),
            value: changeValue(first, first.current, w),
            change: changeText(first.current, first.previous, w),
            baseline: `${w.fmt.day(content.baseline.from)} – ${w.fmt.day(content.baseline.to)}`,
          })}
        </Preview>
      ) : null}
      <Body style={styles.body} className="sd-body">
        <Container style={styles.container} className="sd-card">
          <Heading as="h1" style={{ fontSize: "22px", margin: "0 0 4px" }}>
            {t(`heading.${content.cadence}`)}
          </Heading>
          <Text style={styles.muted}>
            {t("period", { from: w.fmt.day(content.period.from), to: w.fmt.day(content.period.to), baselineFrom: w.fmt.day(content.baseline.from), baselineTo: w.fmt.day(content.baseline.to), zone: content.timeZone })}
          </Text>
          {quality.map((line) => (
            <Text key={line} style={{ ...styles.muted, color: "#b45309" }} data-quality="">
              {line}
            </Text>
          ))}

          <Heading as="h2" style={{ fontSize: "17px", margin: "20px 0 4px" }}>
            {t("changesHeading")}
          </Heading>
          {content.changes.length === 0 ? <Text style={styles.muted}>{t("noChanges")}</Text> : null}
          {content.changes.map((change) => (
            <Section key={`${change.currency}-${change.figure}`} style={{ margin: "8px 0" }}>
              <Text style={{ ...styles.cell, fontWeight: 600, margin: 0 }}>
                {t("changeLine", {
                  figure: t(`changeFigure.${change.figure === "amount" ? amountWord : "purchases"}`, { currency: change.currency.toUpperCase() }),
                  now: changeValue(change, change.current, w),
                  before: changeValue(change, change.previous, w),
                  change: changeText(change.current, change.previous, w),
                })}
              </Text>
              {change.findings.length === 0 ? <Text style={{ ...styles.muted, margin: 0 }}>{t("unexplained")}</Text> : null}
              {change.findings.map((f) => {
                const key = f.dimension === "offer" && f.label ? f.label : w.label(f.dimension, f.key);
                return (
                  <Text key={`${f.dimension}-${f.key}`} style={{ ...styles.muted, margin: "2px 0 0" }}>
                    {t("explained", { share: w.fmt.percent(f.share, 0), dimension: t(`dimension.${f.dimension}`), key, now: changeValue(change, f.current, w), before: changeValue(change, f.previous, w) })}{" "}
                    <Link href={reportUrl(content, options.baseUrl, f)} style={styles.link}>
                      {t("openFiltered", { key })}
                    </Link>
                  </Text>
                );
              })}
            </Section>
          ))}

          {content.currencies.map(({ currency, figures }) => (
            <Section key={currency} style={{ marginTop: "16px" }}>
              <Heading as="h2" style={{ fontSize: "17px", margin: "8px 0 4px" }}>
                {t("figuresIn", { currency: currency.toUpperCase() })}
              </Heading>
              {/* One table, so the columns line up from row to row; the numbers never wrap. */}
              <table role="presentation" width="100%" cellPadding={0} cellSpacing={0} style={{ borderCollapse: "collapse" }}>
                <thead>
                  <tr>
                    <th style={{ ...styles.muted, ...styles.head, padding: "4px 0", textAlign: "left" }}>{t("figure")}</th>
                    <th style={{ ...styles.muted, ...styles.head, ...styles.right }}>{t("now")}</th>
                    <th style={{ ...styles.muted, ...styles.head, ...styles.right }}>{t("before")}</th>
                    <th style={{ ...styles.muted, ...styles.head, ...styles.right }}>{t("change")}</th>
                  </tr>
                </thead>
                <tbody>
                  {figures.map((f) => (
                    <tr key={f.key}>
                      <td style={styles.cell}>{w.kpi(f.key)}</td>
                      <td style={styles.number}>{figureValue(f, f.current, currency, w)}</td>
                      <td style={styles.number}>{figureValue(f, f.previous, currency, w)}</td>
                      <td style={styles.number}>{changeText(f.current, f.previous, w)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </Section>
          ))}

          <Heading as="h2" style={{ fontSize: "17px", margin: "20px 0 4px" }}>
            {t("standingHeading")}
          </Heading>
          {content.standing.map((s) => (
            <Text key={s.currency} style={{ ...styles.muted, margin: "2px 0" }} data-standing={s.chargebackStanding ?? "none"}>
              {t("standingLine", {
                currency: s.currency.toUpperCase(),
                refundRate: s.refundRate === null ? "—" : w.fmt.percent(s.refundRate),
                chargebackRate: s.chargebackRate === null ? "—" : w.fmt.percent(s.chargebackRate),
                standing: t(`standing.${s.chargebackStanding ?? "none"}`),
              })}
            </Text>
          ))}
          <Heading as="h2" style={{ fontSize: "17px", margin: "20px 0 4px" }}>
            {t("fundsHeading", { from: w.fmt.day(content.funds.from), to: w.fmt.day(content.funds.to) })}
          </Heading>
          {content.funds.perCurrency.length === 0 ? <Text style={{ ...styles.muted, margin: "2px 0" }}>{t("noFunds")}</Text> : null}
          {content.funds.perCurrency.map((f) => (
            <Text key={f.currency} style={{ ...styles.muted, margin: "2px 0" }}>
              {t("fundsLine", { amount: w.fmt.money(f.amount, f.currency), count: f.count })}
            </Text>
          ))}
          {content.overviewQuality.complete ? null : <Text style={{ ...styles.muted, color: "#b45309" }}>{t("overviewIncomplete")}</Text>}

          <Text style={{ margin: "20px 0 0" }}>
            <Link href={reportUrl(content, options.baseUrl)} style={{ ...styles.link, fontWeight: 600 }}>
              {t("openReport")}
            </Link>
          </Text>
          <MailFooter why={t(options.toWebhook ? "footerWebhook" : "footer")} unsubscribe={t("unsubscribe")} unsubscribeUrl={options.unsubscribeUrl} />
        </Container>
      </Body>
    </Html>
  );
}

export async function renderDigestEmail(content: DigestContent, options: DigestEmailOptions): Promise<RenderedEmail> {
  const w = wordsFor(options.locale);
  const element = <DigestEmail content={content} options={options} w={w} />;
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { subject: subjectOf(content, w), html, text };
}
