// Alerts over the sandbox, judged as after a sync pass and sent over SMTP to a real server in
// the test process: a drop the test caused (one product's checkouts withheld today, the
// productOutages control) fires once for its episode, names that product, and says "resolved"
// once after the quiet period, by mail and to a webhook whose signature verifies; a rise in one PSP's declines (the pspDeclines control) fires for
// that PSP and is explained by the decline code the test gave. Every figure is the ground
// truth's; no customer's personal data is in any message.
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { QUIET_MS } from "@/lib/alerts/alert-episodes";
import type { DeclineRiseFacts } from "@/lib/alerts/decline-rise";
import { deliverAlerts } from "@/lib/alerts/deliver-alerts";
import { evaluateAlerts, type AlertJudge } from "@/lib/alerts/evaluate-alerts";
import type { SalesDropFacts } from "@/lib/alerts/sales-drop";
import { addressKeyOf, deriveDigestKeys, sealAddress } from "@/lib/digests/digest-keys";
import type { DigestSender } from "@/lib/digests/send-digest";
import { createMailer } from "@/lib/mail/mailer";
import { MemoryAlertStore } from "@/lib/store/alert-store";
import { MemoryDigestStore, type DigestSubscription } from "@/lib/store/digest-store";
import { SqliteMirrorStore } from "@/lib/store/sqlite-mirror-store";
import { groundTruth, type ProductOutage, type PspDecline } from "../../sandbox/ground-truth";
import { again, mirroredClient, NOW_MS, removeTempDataDirs, tempDataDir } from "../support/mirror-sync";
import { FIXED_NOW, startSandboxProcess, type RunningSandbox } from "../support/sandbox-process";
import { startSmtpSink } from "../support/smtp-sink";
import { startWebhookReceiver } from "../support/webhook-receiver";
import { addToDigestTally, duplicatesOf } from "../support/digest-tally";
import { setWebhook } from "@/lib/webhooks/account-webhook";
import { verifyWebhookSignature } from "@/lib/webhooks/webhook-signature";

// Scale 10: enough sales in a morning for a drop to be told from chance (20 expected at least).
const SCALE = 10;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const keys = deriveDigestKeys("alert-contract-tests-secret-0123456789abcdef");
let sb: RunningSandbox;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let mirror: SqliteMirrorStore;

beforeAll(async () => {
  sb = await startSandboxProcess(["--now", FIXED_NOW, "--scale", String(SCALE), "--rate-limit-per-minute", "100000"]);
  sink = await startSmtpSink();
  receiver = await startWebhookReceiver();
  mirror = new SqliteMirrorStore(path.join(tempDataDir(), "mirror.sqlite"));
});
afterAll(async () => {
  await sink?.stop();
  await receiver?.stop();
  await mirror?.close();
  await sb?.stop();
  removeTempDataDirs();
});

type Row = Record<string, unknown>;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const cents = (v: unknown) => Math.round(Number(v ?? 0) * 100);

/** Ground truth of a resource over the UTC days of [fromMs, toMs), kept to the span by `column`. */
function truthIn(resource: "purchases" | "abandoned-carts", fromMs: number, toMs: number, column: string, now: number, controls: { productOutages?: ProductOutage[]; pspDeclines?: PspDecline[] } = {}): Row[] {
  const records = groundTruth({ now, scale: SCALE, ...controls }, "creator", resource, iso(fromMs), iso(toMs - 1 + DAY)) as Row[];
  return records.filter((r) => {
    const ms = Date.parse(r[column] as string);
    return ms >= fromMs && ms < toMs;
  });
}

/** The oracle of "sales below the usual" in UTC at `at`: per currency, today's and the four weeks' purchases and creator net. */
function salesOracle(at: number, outages: ProductOutage[] = []) {
  const start = Math.floor(at / DAY) * DAY;
  const hours = Math.floor((at - 30 * 60_000 - start) / HOUR);
  const spans = [0, 1, 2, 3, 4].map((k) => start - 7 * k * DAY).map((from) => truthIn("purchases", from, from + hours * HOUR, "checkoutInitializedAt", at, { productOutages: outages }));
  const currencies = [...new Set(spans.flat().map((p) => p.currency as string))].sort();
  return new Map(
    currencies.map((currency) => {
      const of = (rows: Row[]) => rows.filter((p) => p.currency === currency);
      const figure = (pick: (rows: Row[]) => number) => {
        const weeks = spans.slice(1).map((s) => pick(of(s)));
        const expected = weeks.reduce((a, b) => a + b, 0) / weeks.length;
        return { current: pick(of(spans[0]!)), expected, min: Math.min(...weeks), max: Math.max(...weeks) };
      };
      return [currency, { hours, purchases: figure((rows) => rows.length), net: figure((rows) => rows.reduce((sum, p) => sum + cents(p.amountCreatorNet), 0)) }];
    }),
  );
}

const ratioOf = (f: { current: number; expected: number }) => (f.expected > 0 ? f.current / f.expected : 1);
const lowest = (o: ReturnType<typeof salesOracle>, currency: string) => Math.min(ratioOf(o.get(currency)!.purchases), ratioOf(o.get(currency)!.net));

let n = 0;
async function subscribed(store: MemoryDigestStore, account: string, locale: string, address: string): Promise<DigestSubscription> {
  const id = `alerts-${++n}-abcdefgh`;
  const s: DigestSubscription = { id, account, sealedAddress: sealAddress(keys, id, address), addressKey: addressKeyOf(keys, address), cadence: "alerts", locale, timeZone: "UTC", keyType: "creator", createdAt: 1, confirmedAt: 2 };
  expect(await store.create(s)).toBe("created");
  return s;
}

function personalValues(rows: Row[]): string[] {
  const fields = ["customerName", "customerEmail", "customerPhone", "billingAddress1", "billingCity", "billingZipcode", "shippingCity"];
  return [...new Set(rows.flatMap((r) => fields.map((f) => r[f])).filter((v): v is string => typeof v === "string" && v.length > 3))];
}

describe("the sales alert", () => {
  it("fires once for a drop the test caused, names the product, and says resolved once after the quiet period", async () => {
    let clock = NOW_MS;
    const client = mirroredClient(sb, "creator", mirror, () => clock);
    const account = client.identity;

    // The product with the most front sales today, withheld from midnight on: the drop is its.
    const today = truthIn("purchases", Math.floor(NOW_MS / DAY) * DAY, NOW_MS, "checkoutInitializedAt", NOW_MS);
    const tally = new Map<string, number>();
    for (const p of today) if (p.purchaseType === "front") tally.set(p.productName as string, (tally.get(p.productName as string) ?? 0) + 1);
    const [product] = [...tally].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]!;
    const outages = [{ productName: product, from: `${iso(NOW_MS)}T00:00:00Z`, to: FIXED_NOW }];

    // A threshold between the natural days and the drop, read off the oracle, for every moment judged.
    const T1 = NOW_MS + 10 * 60_000;
    const T2 = T1 + QUIET_MS;
    const dropped = salesOracle(NOW_MS, outages);
    const naturals = [salesOracle(NOW_MS), salesOracle(T1), salesOracle(T2)];
    const judged = [...dropped.keys()].filter((c) => dropped.get(c)!.purchases.expected >= 20);
    const worst = Math.min(...judged.map((c) => lowest(dropped, c)));
    const natural = Math.min(...judged.flatMap((c) => naturals.map((o) => lowest(o, c))));
    expect(natural - worst).toBeGreaterThan(0.1);
    const threshold = Math.round((1 - (worst + natural) / 2) * 100);
    const firing = judged.filter((c) => lowest(dropped, c) < 1 - threshold / 100).sort();
    expect(firing.length).toBeGreaterThan(0);

    const alerts = new MemoryAlertStore();
    await alerts.setRule(account, { kind: "sales_drop", enabled: true, threshold, timeZone: "UTC" });
    const judge: AlertJudge = { alerts, mirror, syncDays: 60, resources: ["purchases"] };
    const digests = new MemoryDigestStore();
    const sender: DigestSender = { store: digests, mailer: createMailer(sink.url, "Salesdash <alerts@salesdash.test>"), keys, baseUrl: "https://dash.example" };
    await subscribed(digests, account, "en", "owner@creator.test");
    await subscribed(digests, account, "pt-BR", "socio@creator.test");
    const HOOK_SECRET = "hook-secret-0123456789";
    expect(await setWebhook({ store: digests, keys }, { account, keyType: "creator", url: receiver.url, secret: HOOK_SECRET, locale: "en", timeZone: "UTC" }, true, 3)).toMatchObject({ ok: true });
    sink.received.length = 0;
    receiver.received.length = 0;
    try {
      await again(() => sb.controls({ productOutages: outages }));
      const fired = await evaluateAlerts(judge, client, { keyType: "creator", at: NOW_MS });
      expect(fired.map((c) => [c.episode.subject, c.event]).sort()).toEqual(firing.map((c) => [c, "fired"]));

      // Every figure the oracle's; the product the test withheld explains the drop.
      const episodes = await alerts.episodes(account, { since: 0, limit: 10 });
      let wrong = 0;
      for (const e of episodes) {
        const facts = JSON.parse(e.facts) as SalesDropFacts;
        const truth = dropped.get(e.subject)!;
        for (const key of ["current", "expected", "min", "max"] as const) {
          if (facts.purchases[key] !== truth.purchases[key]) wrong++;
          if (facts.net[key] !== truth.net[key]) wrong++;
        }
        if (facts.hours !== truth.hours) wrong++;
        expect(facts.findings.some((f) => f.dimension === "product" && f.key === product)).toBe(true);
      }
      expect(wrong).toBe(0);

      const sent = await deliverAlerts(sender, alerts, account, NOW_MS, { allowPrivate: true });
      expect(sent.filter((d) => d.result === "sent")).toHaveLength(firing.length * 3);
      expect(sink.received).toHaveLength(firing.length * 2);
      const english = sink.received.find((m) => m.to[0] === "owner@creator.test")!;
      expect(english.parsed.subject).toMatch(/^Salesdash alert: [A-Z]{3} sales [\d.]+% below the usual today$/);
      expect(english.parsed.text).toContain(`product “${product}”`);
      for (const mail of sink.received.filter((m) => m.to[0] === "owner@creator.test")) {
        const currency = /([A-Z]{3}) sales/.exec(mail.parsed.subject ?? "")![1]!.toLowerCase();
        expect(mail.parsed.text).toContain(`: ${dropped.get(currency)!.purchases.current} purchases, against`);
      }
      const portuguese = sink.received.find((m) => m.to[0] === "socio@creator.test")!;
      expect(portuguese.parsed.subject).toMatch(/^Alerta do Salesdash: vendas em [A-Z]{3} [\d,]+% abaixo do habitual hoje$/);
      expect(portuguese.parsed.text).toContain(`produto “${product}”`);

      // The same episode five minutes on: nothing new, nothing sent again.
      clock = NOW_MS + 5 * 60_000;
      expect(await evaluateAlerts(judge, client, { keyType: "creator", at: clock })).toEqual([]);
      expect(await deliverAlerts(sender, alerts, account, clock, { allowPrivate: true })).toEqual([]);

      // The product's page is back: clear since T1, resolved once the quiet period has passed.
      await again(() => sb.reset());
      clock = T1;
      await again(() => sb.controls({ now: new Date(T1).toISOString() }));
      expect(await evaluateAlerts(judge, client, { keyType: "creator", at: T1 })).toEqual([]);
      expect((await alerts.episodes(account, { since: 0, limit: 10 })).every((e) => e.clearSince === T1 && e.resolvedAt === null)).toBe(true);
      clock = T2;
      await again(() => sb.controls({ now: new Date(T2).toISOString() }));
      const resolved = await evaluateAlerts(judge, client, { keyType: "creator", at: T2 });
      expect(resolved.map((c) => [c.episode.subject, c.event]).sort()).toEqual(firing.map((c) => [c, "resolved"]));
      await deliverAlerts(sender, alerts, account, T2, { allowPrivate: true });
      await deliverAlerts(sender, alerts, account, T2 + 60_000, { allowPrivate: true });
      expect(sink.received).toHaveLength(firing.length * 4);

      // The webhook got each episode's two messages once, signed with its secret, the figures the oracle's.
      expect(receiver.received.map((h) => h.headers["x-salesdash-event"]).sort()).toEqual([...firing.map(() => "alert.fired"), ...firing.map(() => "alert.resolved")]);
      for (const hook of receiver.received) {
        expect(verifyWebhookSignature(HOOK_SECRET, hook.headers["x-salesdash-signature"] as string, hook.body, Date.now())).toBe(true);
        const body = JSON.parse(hook.body) as { alert: { subject: string; facts: SalesDropFacts }; text: string };
        if (hook.headers["x-salesdash-event"] === "alert.fired") {
          expect(body.alert.facts.purchases.current).toBe(dropped.get(body.alert.subject)!.purchases.current);
          expect(body.text).toContain(`product “${product}”`);
        }
      }
      expect(sink.received.filter((m) => /back within the usual|voltaram ao habitual/.test(m.parsed.subject ?? ""))).toHaveLength(firing.length * 2);

      // No customer's personal data in any message.
      const personal = personalValues(truthIn("purchases", NOW_MS - 29 * DAY, T2, "checkoutInitializedAt", T2));
      expect(personal.length).toBeGreaterThan(100);
      const seen = [...sink.received.map((m) => `${m.raw}\n${m.parsed.text}\n${m.parsed.html || ""}`), ...receiver.received.map((h) => h.body)].join("\n");
      const found = personal.filter((v) => seen.includes(v));
      addToDigestTally({
        sent: sink.received.length + receiver.received.length,
        duplicates: duplicatesOf(sink.received.map((m) => m.parsed.messageId)) + duplicatesOf(receiver.received.map((h) => h.headers["x-salesdash-delivery"] as string)),
        wrongFigures: wrong,
        personalData: found.length,
      });
      expect(found).toEqual([]);
    } finally {
      sender.mailer.close();
      await again(() => sb.reset());
    }
  });
});

describe("the decline alert", () => {
  it("fires for the PSP whose declines the test raised, and names the decline code it gave", async () => {
    const client = mirroredClient(sb, "creator", mirror, () => NOW_MS + 2 * 60_000);
    const account = client.identity;
    const from = NOW_MS - DAY;
    const usualFrom = from - 7 * DAY;
    const carts = truthIn("abandoned-carts", from, NOW_MS, "sessionInitializedAt", NOW_MS);
    const tally = new Map<string, number>();
    for (const c of carts) if (typeof c.psp === "string") tally.set(c.psp, (tally.get(c.psp) ?? 0) + Number(c.attemptCount ?? 0));
    const [psp] = [...tally].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]!;
    const declines: PspDecline[] = [{ psp, from: new Date(from).toISOString(), to: FIXED_NOW, declines: 3, code: "do_not_honor" }];

    // The oracle: per PSP and method with 30 attempts or more in both windows, the rate now and before.
    const oracle = (controls: { pspDeclines?: PspDecline[] }) => {
      const now = truthIn("abandoned-carts", from, NOW_MS, "sessionInitializedAt", NOW_MS, controls);
      const before = truthIn("abandoned-carts", usualFrom, from, "sessionInitializedAt", NOW_MS, controls);
      const rates = new Map<string, { current: { attempts: number; declined: number }; usual: { attempts: number; declined: number } }>();
      for (const [prefix, field] of [["psp", "psp"], ["method", "paymentMethod"]] as const) {
        const sums = (rows: Row[]) => {
          const m = new Map<string, { attempts: number; declined: number }>();
          for (const r of rows) {
            const key = r[field];
            if (typeof key !== "string" || key === "") continue;
            const s = m.get(key) ?? { attempts: 0, declined: 0 };
            s.attempts += Number(r.attemptCount ?? 0);
            s.declined += Number(r.attemptDeclinedCount ?? 0);
            m.set(key, s);
          }
          return m;
        };
        const a = sums(now);
        const b = sums(before);
        for (const [key, current] of a) {
          const usual = b.get(key);
          if (current.attempts >= 30 && usual && usual.attempts >= 30) rates.set(`${prefix}:${key}`, { current, usual });
        }
      }
      return rates;
    };
    const rise = (r: { current: { attempts: number; declined: number }; usual: { attempts: number; declined: number } }) => (r.current.declined / r.current.attempts - r.usual.declined / r.usual.attempts) * 100;
    const natural = Math.max(...[...oracle({}).values()].map(rise));
    const raised = oracle({ pspDeclines: declines });
    expect(rise(raised.get(`psp:${psp}`)!) - natural).toBeGreaterThan(5);
    const threshold = Math.round((rise(raised.get(`psp:${psp}`)!) + natural) / 2);
    const firing = [...raised].filter(([, r]) => rise(r) > threshold).map(([subject]) => subject).sort();
    expect(firing).toContain(`psp:${psp}`);

    const alerts = new MemoryAlertStore();
    await alerts.setRule(account, { kind: "decline_rise", enabled: true, threshold, timeZone: "UTC" });
    const judge: AlertJudge = { alerts, mirror, syncDays: 60, resources: ["abandoned-carts"] };
    try {
      await again(() => sb.controls({ pspDeclines: declines }));
      const fired = await evaluateAlerts(judge, client, { keyType: "creator", at: NOW_MS });
      expect(fired.map((c) => c.episode.subject).sort()).toEqual(firing);
      const episode = (await alerts.episodes(account, { since: 0, limit: 10 })).find((e) => e.subject === `psp:${psp}`)!;
      const facts = JSON.parse(episode.facts) as DeclineRiseFacts;
      const truth = raised.get(`psp:${psp}`)!;
      expect(facts.current).toEqual({ ...truth.current, rate: truth.current.declined / truth.current.attempts });
      expect(facts.usual).toEqual({ ...truth.usual, rate: truth.usual.declined / truth.usual.attempts });
      expect(facts.findings[0]).toMatchObject({ dimension: "declineCode", key: "do_not_honor" });
      // An affiliate's key reads no carts: the alert is a creator's only, and judges nothing for it.
      const affiliate = mirroredClient(sb, "affiliate", mirror, () => NOW_MS + 2 * 60_000);
      await alerts.setRule(affiliate.identity, { kind: "decline_rise", enabled: true, threshold, timeZone: "UTC" });
      expect(await evaluateAlerts(judge, affiliate, { keyType: "affiliate", at: NOW_MS })).toEqual([]);
    } finally {
      await again(() => sb.reset());
    }
  });
});
