// A digest's figures over the sandbox: every key figure equals the ground truth of its period
// and its baseline, the change the test caused (one product's checkouts withheld for a week,
// the sandbox's productOutages control) is explained by that product, and no customer's
// personal data is in it.
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { inLocalRange, utcFetchWindow } from "@/lib/analytics/local-days";
import { creatorKpis, affiliateKpis } from "@/lib/analytics/revenue-kpis";
import { shiftDay } from "@/lib/calendar";
import { digestContent, DIGEST_FIGURES } from "@/lib/digests/digest-content";
import { digestPeriod, type DayRange } from "@/lib/digests/digest-period";
import { renderDigestEmail } from "@/lib/digests/digest-email";
import { formatMoney } from "@/lib/format";
import { overviewWindows } from "@/lib/reports/overview-windows";
import type { Purchase } from "@/lib/sales-api";
import { SqliteMirrorStore } from "@/lib/store/sqlite-mirror-store";
import { groundTruth, type ProductOutage } from "../../sandbox/ground-truth";
import { mirrorSandbox } from "../support/mirror-sandbox";
import { FIXED_NOW } from "../support/sandbox-process";
import { again, mirroredClient, NOW_MS, resetProcessState, tempDataDir, type AccountName } from "../support/mirror-sync";

const sandbox = mirrorSandbox();
const ZONE = "America/Sao_Paulo";
// FIXED_NOW is Monday 2026-06-15: the weekly digest tells 06-08..06-14 against 06-01..06-07.
const WEEK = digestPeriod("weekly", NOW_MS, ZONE);

afterEach(async () => {
  await again(() => sandbox.sb.reset());
  resetProcessState();
});

function purchasesOf(range: DayRange, who: AccountName, productOutages: ProductOutage[] = []): Purchase[] {
  const window = utcFetchWindow(range.from, range.to, ZONE);
  const records = groundTruth({ now: FIXED_NOW, productOutages }, who, "purchases", window.from, shiftDay(window.to, 1)) as unknown as Purchase[];
  return records.filter((p) => inLocalRange(p.checkoutInitializedAt, range.from, range.to, ZONE));
}

/** The local instant a day starts in the zone, as the outage control takes it (Sao Paulo: UTC−3, no DST in 2026). */
const localStart = (day: string) => `${day}T03:00:00Z`;

async function digestOf(who: AccountName) {
  const store = new SqliteMirrorStore(path.join(tempDataDir(), "mirror.sqlite"));
  try {
    return await digestContent(mirroredClient(sandbox.sb, who, store), { keyType: who, timeZone: ZONE, period: WEEK, at: NOW_MS });
  } finally {
    await store.close();
  }
}

describe("a weekly digest's content", () => {
  it("the periods are the last whole week in the account's zone and the week before", () => {
    expect(WEEK).toEqual({ cadence: "weekly", period: { from: "2026-06-08", to: "2026-06-14" }, baseline: { from: "2026-06-01", to: "2026-06-07" } });
  });

  it("equals the ground truth, and names the product whose week of sales the test withheld as what explains the fall", async () => {
    // The product with the most sales in the baseline week: withheld for the whole period.
    const baseline = purchasesOf(WEEK.baseline, "creator");
    const tally = new Map<string, number>();
    for (const p of baseline) if (p.productName) tally.set(p.productName, (tally.get(p.productName) ?? 0) + 1);
    const [product] = [...tally].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]!;
    const outages = [{ productName: product, from: localStart(WEEK.period.from), to: localStart(shiftDay(WEEK.period.to, 1)) }];
    await sandbox.sb.controls({ productOutages: outages });

    const digest = await digestOf("creator");
    const period = purchasesOf(WEEK.period, "creator", outages);
    expect(period.some((p) => p.productName === product)).toBe(false);
    expect(baseline.filter((p) => p.productName === product).length).toBeGreaterThan(20);

    const truth = (records: Purchase[]) => new Map(creatorKpis(records).map((k) => [k.currency, k as unknown as Record<string, number | null>]));
    const [now, then] = [truth(period), truth(baseline)];
    expect(digest.currencies.map((c) => c.currency).sort()).toEqual([...new Set([...now.keys(), ...then.keys()])].sort());
    for (const { currency, figures } of digest.currencies) {
      expect(figures.map((f) => f.key)).toEqual([...DIGEST_FIGURES.creator]);
      for (const f of figures) {
        expect([currency, f.key, f.current]).toEqual([currency, f.key, now.get(currency)?.[f.key] ?? (f.key === "averageOrderValue" ? null : 0)]);
        expect([currency, f.key, f.previous]).toEqual([currency, f.key, then.get(currency)?.[f.key] ?? (f.key === "averageOrderValue" ? null : 0)]);
      }
    }
    expect(digest.quality.period.complete && digest.quality.baseline.complete).toBe(true);

    // The biggest change is the fall in the product's currency, and that product explains it.
    const currency = baseline.find((p) => p.productName === product)!.currency as string;
    const top = digest.changes[0]!;
    expect(top).toMatchObject({ currency });
    expect(top.current).toBeLessThan(top.previous);
    expect(top.findings[0]).toMatchObject({ dimension: "product", key: product });
    const counted = (records: Purchase[]) => records.filter((p) => p.currency === currency).length;
    expect([top.current, top.previous]).toEqual(top.figure === "purchases" ? [counted(period), counted(baseline)] : [Math.round((now.get(currency)!.transactionAmount as number) * 100), Math.round((then.get(currency)!.transactionAmount as number) * 100)]);
    const lost = baseline.filter((p) => p.productName === product && p.currency === currency).length;
    const purchasesChange = digest.changes.find((c) => c.currency === currency && c.figure === "purchases");
    expect(purchasesChange?.findings[0]).toMatchObject({ dimension: "product", key: product, current: 0, previous: lost, share: lost / (counted(baseline) - counted(period)) });

    // The e-mail says the same, in either language: the figures as the KPI cards write them,
    // the product, and a link to the report of the period filtered by it.
    const sales = (records: Purchase[]) => truth(records).get(currency)?.transactionAmount as number;
    for (const [locale, intl, words] of [["en", "en-US", "Your week"], ["pt-BR", "pt-BR", "Sua semana"]] as const) {
      const mail = await renderDigestEmail(digest, { locale, baseUrl: "https://dash.example", unsubscribeUrl: "https://dash.example/u/token" });
      const text = mail.text.replace(/\s+/g, " ");
      expect(text.toLowerCase()).toContain(words.toLowerCase());
      expect(text).toContain(formatMoney(sales(period), currency, intl).replace(/\s+/g, " "));
      expect(text).toContain(formatMoney(sales(baseline), currency, intl).replace(/\s+/g, " "));
      expect(text).toContain(`“${product}”`);
      expect(mail.html).toContain(`https://dash.example/revenue?from=2026-06-08&amp;to=2026-06-14&amp;tz=America%2FSao_Paulo&amp;product=${encodeURIComponent(product).replace(/%20/g, "+")}`);
      expect(mail.subject).toMatch(locale === "en" ? /^Salesdash: your week, Jun 8, 2026 – Jun 14, 2026$/ : /^Salesdash: sua semana, 8 de jun\. de 2026 – 14 de jun\. de 2026$/);
    }
  });

  it("tells the last 30 days' refund and chargeback rates and the next 14 days' money, equal to the ground truth", async () => {
    const digest = await digestOf("creator");
    const windows = overviewWindows(new Date(NOW_MS), ZONE);
    const sales = purchasesOf(windows.last30, "creator");
    const ids = new Set(sales.map((p) => p.purchaseId));
    // Chargebacks by the one rule (lib/analytics/sale-losses.ts, written again here): the sales
    // with a dispute opened, each once; alerts (early warnings) are not chargebacks.
    const disputed = new Set<unknown>();
    const window = utcFetchWindow(windows.last30.from, windows.last30.to, ZONE);
    const chargebacks = (groundTruth({ now: FIXED_NOW }, "creator", "chargebacks", window.from, shiftDay(window.to, 1)) as Array<Record<string, unknown>>)
      .filter((c) => ids.has(c.purchaseId as number) && c.kind !== "alert" && !disputed.has(c.purchaseId) && disputed.add(c.purchaseId));
    const saleCurrency = new Map(sales.map((p) => [p.purchaseId, p.currency]));
    const currencies = [...new Set(sales.map((p) => p.currency as string))].sort();
    expect(digest.standing.map((s) => s.currency).sort()).toEqual(currencies);
    for (const currency of currencies) {
      const count = sales.filter((p) => p.currency === currency).length;
      const cb = chargebacks.filter((c) => saleCurrency.get(c.purchaseId as number) === currency).length;
      const refunded = sales.filter((p) => p.currency === currency && Math.round(Number(p.amountRefunded ?? 0) * 100) > 0).length;
      const s = digest.standing.find((x) => x.currency === currency)!;
      expect([currency, s.chargebackRate, s.refundRate]).toEqual([currency, cb / count, refunded / count]);
      expect(s.chargebackStanding).toBe(cb / count >= 0.015 ? "excessive" : cb / count >= 0.009 ? "watch" : "ok");
    }
    expect(chargebacks.length).toBeGreaterThan(0);

    // Every sale of the history whose money becomes available from today's first local instant to the end of the 14th day.
    const history = groundTruth({ now: FIXED_NOW }, "creator", "purchases", shiftDay(windows.today, -730), shiftDay(windows.today, 1)) as unknown as Purchase[];
    const due = history.filter((p) => { const t = Date.parse(String(p.incomingAvailableAt)); return t >= windows.funds.fromMs && t < windows.funds.toMs; });
    const oracle = new Map<string, { cents: number; count: number }>();
    for (const p of due) {
      const e = oracle.get(p.currency as string) ?? { cents: 0, count: 0 };
      oracle.set(p.currency as string, { cents: e.cents + Math.round(Number(p.amountCreatorNet ?? 0) * 100), count: e.count + 1 });
    }
    expect(digest.funds).toMatchObject({ from: windows.funds.from, to: windows.funds.to });
    expect(new Map(digest.funds.perCurrency.map((f) => [f.currency, { cents: Math.round(f.amount * 100), count: f.count }]))).toEqual(oracle);
    expect(due.length).toBeGreaterThan(0);
    expect(digest.overviewQuality.complete).toBe(true);
  });

  it("an affiliate's digest tells the commission, equal to the ground truth", async () => {
    const digest = await digestOf("affiliate");
    const now = new Map(affiliateKpis(purchasesOf(WEEK.period, "affiliate")).map((k) => [k.currency, k as unknown as Record<string, number | null>]));
    expect(digest.currencies.length).toBeGreaterThan(0);
    for (const { currency, figures } of digest.currencies) {
      expect(figures.map((f) => f.key)).toEqual([...DIGEST_FIGURES.affiliate]);
      for (const f of figures) expect([currency, f.key, f.current]).toEqual([currency, f.key, now.get(currency)?.[f.key] ?? 0]);
    }
  });

  it("holds no customer's name, e-mail, phone, address or card digits", async () => {
    const digest = JSON.stringify(await digestOf("creator"));
    const records = [...purchasesOf(WEEK.period, "creator"), ...purchasesOf(WEEK.baseline, "creator")] as unknown as Array<Record<string, unknown>>;
    const strings = (fields: string[]) => new Set(records.flatMap((p) => fields.map((f) => p[f])).filter((v): v is string => typeof v === "string" && v.length > 3));
    const personal = strings(["customerName", "customerEmail", "customerPhone", "shippingAddress1", "shippingAddress2", "shippingCity", "shippingZipcode"]);
    // Four digits appear in any figure: the card's are looked for as a text value, not inside a number.
    const cards = strings(["cardLast4"]);
    expect(personal.size).toBeGreaterThan(100);
    expect(cards.size).toBeGreaterThan(100);
    expect([...personal].filter((v) => digest.includes(v))).toEqual([]);
    expect([...cards].filter((v) => digest.includes(JSON.stringify(v)))).toEqual([]);
  });
});
