import "server-only";

// An alert's message as an e-mail: what happened (or that it is over), the figures behind it,
// what explains it, and a link to the report that shows it; in the subscriber's language, HTML
// and plain text from one tree, as a digest is (lib/digests/digest-email.tsx). Made from the
// episode's facts alone: figures and dimension values, never a customer's data.
import { Body, Container, Heading, Html, Link, Preview, Text } from "@react-email/components";
import { render } from "@react-email/render";
import { FILTER_DIMENSION } from "@/lib/analytics/filters";
import type { Dimension } from "@/lib/analytics/dimensions";
import { fromCents } from "@/lib/analytics/money";
import { parseDay } from "@/lib/calendar";
import type { AppLocale } from "@/lib/i18n/locales";
import type { CodeDimension, NamedDimension } from "@/lib/i18n/code-labels";
import { FILTER_KEYS, type FilterKey } from "@/lib/report-params/definitions";
import { parseReportParams, reportQuery } from "@/lib/report-params/parse";
import { REFUND_FILTER_KEYS } from "@/lib/reports/server/refunds-records";
import type { RenderedEmail } from "@/lib/digests/digest-email";
import { styles } from "@/lib/digests/email-style";
import { MailFooter, MailHead } from "@/lib/digests/mail-head";
import { wordsFor, type Words } from "@/lib/digests/email-words";
import type { EpisodeEvent } from "./alert-episodes";
import type { ChargebackProjectionFacts } from "./chargeback-projection";
import type { DeclineRiseFacts } from "./decline-rise";
import type { RefundSpikeFacts } from "./refund-spike";
import type { SalesDropFacts } from "./sales-drop";
import type { UnreadableDaysFacts } from "./unreadable-days";

export interface AlertMessage {
  kind: string;
  subject: string;
  event: EpisodeEvent;
  facts: unknown;
}

export interface AlertEmailOptions {
  locale: AppLocale;
  /** The subscriber's zone: times are told in it. */
  timeZone: string;
  baseUrl: string;
  unsubscribeUrl: string | null;
}

/** What the mail says, as lines, whatever it is written in. */
interface AlertText {
  subject: string;
  heading: string;
  lines: string[];
  findings: Array<{ text: string; link: string | null; linkText: string | null }>;
  link: { href: string; text: string } | null;
}

const FILTER_OF = Object.fromEntries(FILTER_KEYS.map((key) => [FILTER_DIMENSION[key], key])) as Record<Dimension, FilterKey>;

function reportUrl(baseUrl: string, path: string, range: { from: string; to: string; tz: string; dating?: string }, filter?: { dimension: Dimension; key: string }): string {
  const { params } = parseReportParams({ from: range.from, to: range.to, tz: range.tz, ...(range.dating ? { dating: range.dating } : {}), ...(filter && FILTER_OF[filter.dimension] ? { [FILTER_OF[filter.dimension]]: filter.key } : {}) });
  return `${baseUrl.replace(/\/$/, "")}${path}?${reportQuery(params)}`;
}

const ratio = (w: Words, value: number) => w.fmt.percent(value, 1);

/** The Refunds report filtered by a finding's value, where that report has the value's filter (it has no card brand or country filter). */
function refundsLink(o: AlertEmailOptions, range: { from: string; to: string; tz: string; dating: string }, finding: { dimension: Dimension; key: string }): string | null {
  return (REFUND_FILTER_KEYS as readonly string[]).includes(FILTER_OF[finding.dimension]) ? reportUrl(o.baseUrl, "/refunds", range, finding) : null;
}

function salesDropText(f: SalesDropFacts, event: EpisodeEvent, o: AlertEmailOptions, w: Words): AlertText {
  const t = w.t;
  const currency = f.currency.toUpperCase();
  const count = (n: number) => w.fmt.number(Math.round(n * 10) / 10);
  const money = (cents: number) => w.fmt.money(fromCents(Math.round(cents)), f.currency);
  const weekday = new Intl.DateTimeFormat(w.fmt.locale, { weekday: "long", timeZone: "UTC" }).format(parseDay(f.day) * 86_400_000);
  const until = `${String(f.hours).padStart(2, "0")}:00`;
  const told = f.fired === "net" ? f.net : f.purchases;
  const drop = told.expected > 0 ? 1 - told.current / told.expected : 0;
  const range = { from: f.day, to: f.day, tz: o.timeZone };
  const lines = [
    t("salesDrop.purchases", { until, day: w.fmt.day(f.day), now: count(f.purchases.current), expected: count(f.purchases.expected), min: count(f.purchases.min), max: count(f.purchases.max), weeks: f.weeks.length, weekday }),
    t("salesDrop.net", { now: money(f.net.current), expected: money(f.net.expected), min: money(f.net.min), max: money(f.net.max) }),
    t("salesDrop.threshold", { threshold: f.threshold }),
  ];
  const findings = event === "fired"
    ? f.findings.map((x) => {
        const key = x.dimension === "offer" && x.label ? x.label : w.label(x.dimension as CodeDimension | NamedDimension, x.key);
        const text = f.fired === "net"
          ? t("salesDrop.explainedAmount", { share: w.fmt.percent(x.share, 0), dimension: t(`dimension.${x.dimension}`), key, now: money(x.current), before: money(x.previous) })
          : t("salesDrop.explained", { share: w.fmt.percent(x.share, 0), dimension: t(`dimension.${x.dimension}`), key, now: count(x.current), before: count(x.previous) });
        return { text, link: reportUrl(o.baseUrl, "/revenue", range, x), linkText: t("openFiltered", { key }) };
      })
    : [];
  if (event === "fired" && findings.length === 0) lines.push(t("salesDrop.unexplained"));
  return {
    subject: t(event === "fired" && f.fired === "net" ? "salesDrop.subject.firedNet" : `salesDrop.subject.${event}`, { currency, drop: ratio(w, drop) }),
    heading: t(`salesDrop.heading.${event}`, { currency }),
    lines,
    findings,
    link: { href: reportUrl(o.baseUrl, "/revenue", range), text: t("salesDrop.open") },
  };
}

function declineRiseText(f: DeclineRiseFacts, event: EpisodeEvent, o: AlertEmailOptions, w: Words): AlertText {
  const t = w.t;
  const name = w.label(f.by, f.key);
  const lines = [
    t("declineRise.current", { declined: w.fmt.number(f.current.declined), attempts: w.fmt.number(f.current.attempts), by: t(`dimension.${f.by}`), key: name, rate: ratio(w, f.current.rate) }),
    t("declineRise.usual", { rate: ratio(w, f.usual.rate), declined: w.fmt.number(f.usual.declined), attempts: w.fmt.number(f.usual.attempts) }),
    t("declineRise.threshold", { threshold: f.threshold }),
  ];
  const findings = event === "fired"
    ? f.findings.map((x) => ({ text: t("declineRise.explained", { share: w.fmt.percent(x.share, 0), dimension: t(`dimension.${x.dimension}`), key: w.label(x.dimension === "product" ? "product" : x.dimension, x.key), now: w.fmt.number(x.current), before: w.fmt.number(Math.round(x.previous * 10) / 10) }), link: null, linkText: null }))
    : [];
  if (event === "fired" && findings.length === 0) lines.push(t("declineRise.unexplained"));
  const day = (iso: string) => new Intl.DateTimeFormat("en-CA", { timeZone: o.timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(Date.parse(iso));
  return {
    subject: t(`declineRise.subject.${event}`, { key: name, rate: ratio(w, f.current.rate), usual: ratio(w, f.usual.rate) }),
    heading: t(`declineRise.heading.${event}`, { key: name }),
    lines,
    findings,
    link: { href: reportUrl(o.baseUrl, "/abandonment", { from: day(f.from), to: day(new Date(Date.parse(f.to) - 1).toISOString()), tz: o.timeZone }), text: t("declineRise.open") },
  };
}

function chargebackText(f: ChargebackProjectionFacts, event: EpisodeEvent, o: AlertEmailOptions, w: Words): AlertText {
  const t = w.t;
  const currency = f.currency.toUpperCase();
  const line = `${w.fmt.number(f.threshold)}%`;
  const mtdRate = f.monthToDate.sales > 0 ? f.monthToDate.chargebacks / f.monthToDate.sales : 0;
  const range = { from: f.month, to: f.today, tz: o.timeZone, dating: "event" };
  const lines = [
    t("chargebacks.monthToDate", { today: w.fmt.day(f.today), chargebacks: f.monthToDate.chargebacks, sales: f.monthToDate.sales, rate: w.fmt.percent(mtdRate, 2) }),
    t("chargebacks.pace", { days: f.pace.days, chargebacks: f.pace.chargebacks, sales: f.pace.sales, daysLeft: f.daysLeft, projected: w.fmt.percent(f.projected.rate, 2) }),
    t("chargebacks.threshold", { line }),
  ];
  // Episodes opened before chargebacks were explained hold no findings.
  const findings = event === "fired"
    ? (f.findings ?? []).map((x) => {
        const key = x.dimension === "offer" && x.label ? x.label : w.label(x.dimension as CodeDimension | NamedDimension, x.key);
        const text = t("chargebacks.explained", { share: w.fmt.percent(x.eventShare, 0), dimension: t(`dimension.${x.dimension}`), key, disputes: x.events, salesShare: w.fmt.percent(x.baseShare, 0), sales: x.base });
        const link = refundsLink(o, range, x);
        return { text, link, linkText: link ? t("openFiltered", { key }) : null };
      })
    : [];
  if (event === "fired" && f.findings && findings.length === 0) lines.push(t("chargebacks.unexplained"));
  return {
    subject: t(`chargebacks.subject.${event}`, { currency, rate: w.fmt.percent(f.projected.rate, 2), line }),
    heading: t(`chargebacks.heading.${event}`, { currency, line }),
    lines,
    findings,
    link: { href: reportUrl(o.baseUrl, "/refunds", range), text: t("chargebacks.open") },
  };
}

function refundSpikeText(f: RefundSpikeFacts, event: EpisodeEvent, o: AlertEmailOptions, w: Words): AlertText {
  const t = w.t;
  const currency = f.currency.toUpperCase();
  const count = (n: number) => w.fmt.number(Math.round(n * 10) / 10);
  const weekday = new Intl.DateTimeFormat(w.fmt.locale, { weekday: "long", timeZone: "UTC" }).format(parseDay(f.day) * 86_400_000);
  const range = { from: f.day, to: f.day, tz: o.timeZone, dating: "event" };
  const lines = [
    t("refunds.day", { day: w.fmt.day(f.day), count: f.refunds.current, refunded: w.fmt.money(fromCents(f.refunded.current), f.currency), expected: count(f.refunds.expected), weeks: f.weeks.length, weekday, min: count(f.refunds.min), max: count(f.refunds.max) }),
    t("refunds.threshold", { threshold: f.threshold }),
  ];
  // Episodes opened before refunds were explained hold no findings.
  const findings = event === "fired"
    ? (f.findings ?? []).map((x) => {
        const key = x.dimension === "offer" && x.label ? x.label : w.label(x.dimension as CodeDimension | NamedDimension, x.key);
        const text = t("refunds.explained", { share: w.fmt.percent(x.share, 0), dimension: t(`dimension.${x.dimension}`), key, now: count(x.current), before: count(x.previous) });
        const link = refundsLink(o, range, x);
        return { text, link, linkText: link ? t("openFiltered", { key }) : null };
      })
    : [];
  if (event === "fired" && f.findings && findings.length === 0) lines.push(t("refunds.unexplained"));
  return {
    subject: t(`refunds.subject.${event}`, { currency, count: f.refunds.current, expected: count(f.refunds.expected) }),
    heading: t(`refunds.heading.${event}`, { currency }),
    lines,
    findings,
    link: { href: reportUrl(o.baseUrl, "/refunds", range), text: t("refunds.open") },
  };
}

function unreadableText(f: UnreadableDaysFacts, event: EpisodeEvent, w: Words): AlertText {
  const t = w.t;
  const resource = t(`resource.${f.resource}`);
  return {
    subject: t(`unreadable.subject.${event}`, { resource, count: f.days.length }),
    heading: t(`unreadable.heading.${event}`, { resource }),
    lines: event === "fired" ? [t("unreadable.days", { resource, count: f.days.length, days: f.days.map((d) => w.fmt.day(d)).join(", ") })] : [t("unreadable.clear", { resource })],
    findings: [],
    link: null,
  };
}

function keyRefusedText(event: EpisodeEvent, w: Words): AlertText {
  return { subject: w.t(`keyRefused.subject.${event}`), heading: w.t(`keyRefused.heading.${event}`), lines: [w.t(`keyRefused.body.${event}`)], findings: [], link: null };
}

export function alertText(message: AlertMessage, options: AlertEmailOptions, w: Words): AlertText {
  switch (message.kind) {
    case "sales_drop":
      return salesDropText(message.facts as SalesDropFacts, message.event, options, w);
    case "decline_rise":
      return declineRiseText(message.facts as DeclineRiseFacts, message.event, options, w);
    case "chargeback_projection":
      return chargebackText(message.facts as ChargebackProjectionFacts, message.event, options, w);
    case "refund_spike":
      return refundSpikeText(message.facts as RefundSpikeFacts, message.event, options, w);
    case "unreadable_days":
      return unreadableText(message.facts as UnreadableDaysFacts, message.event, w);
    default:
      return keyRefusedText(message.event, w);
  }
}

function AlertEmail({ text, options, w }: { text: AlertText; options: AlertEmailOptions; w: Words }) {
  return (
    <Html lang={options.locale}>
      <MailHead />
      <Preview>{text.lines[0] ?? text.heading}</Preview>
      <Body style={styles.body} className="sd-body">
        <Container style={styles.container} className="sd-card">
          <Heading as="h1" style={{ fontSize: "20px", margin: "0 0 8px" }}>
            {text.heading}
          </Heading>
          {text.lines.map((line) => (
            <Text key={line} style={{ fontSize: "15px", lineHeight: "22px", margin: "6px 0" }}>
              {line}
            </Text>
          ))}
          {text.findings.length > 0 ? (
            <Heading as="h2" style={{ fontSize: "16px", margin: "16px 0 4px" }}>
              {w.t("explainedHeading")}
            </Heading>
          ) : null}
          {text.findings.map((f) => (
            <Text key={f.text} style={{ ...styles.muted, margin: "2px 0 0" }}>
              {f.text}{" "}
              {f.link ? (
                <Link href={f.link} style={styles.link}>
                  {f.linkText}
                </Link>
              ) : null}
            </Text>
          ))}
          {text.link ? (
            <Text style={{ margin: "20px 0 0" }}>
              <Link href={text.link.href} style={{ ...styles.link, fontWeight: 600 }}>
                {text.link.text}
              </Link>
            </Text>
          ) : null}
          <MailFooter why={w.t("footer")} unsubscribe={w.t("unsubscribe")} unsubscribeUrl={options.unsubscribeUrl} />
        </Container>
      </Body>
    </Html>
  );
}

export async function renderAlertEmail(message: AlertMessage, options: AlertEmailOptions): Promise<RenderedEmail> {
  const w = wordsFor(options.locale, "alerts");
  const text = alertText(message, options, w);
  const element = <AlertEmail text={text} options={options} w={w} />;
  const [html, plain] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { subject: text.subject, html, text: plain };
}
