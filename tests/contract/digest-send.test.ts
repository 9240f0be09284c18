// A digest sent over SMTP to a real server in the test process: once per period whatever the
// number of runs, in the subscriber's language, its figures the ground truth's, with a signed
// one-click unsubscribe (RFC 8058), no customer's personal data, and a refused send kept as
// failed and tried again.
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { inLocalRange, utcFetchWindow } from "@/lib/analytics/local-days";
import { creatorKpis } from "@/lib/analytics/revenue-kpis";
import { shiftDay } from "@/lib/calendar";
import { addressKeyOf, deriveDigestKeys, readLinkToken, sealAddress } from "@/lib/digests/digest-keys";
import { digestPeriod } from "@/lib/digests/digest-period";
import { sendDigest, type DigestSender } from "@/lib/digests/send-digest";
import { formatMoney } from "@/lib/format";
import { createMailer } from "@/lib/mail/mailer";
import type { Purchase } from "@/lib/sales-api";
import { SqliteDigestStore } from "@/lib/store/sqlite-digest-store";
import type { DigestSubscription } from "@/lib/store/digest-store";
import { SqliteMirrorStore } from "@/lib/store/sqlite-mirror-store";
import { groundTruth } from "../../sandbox/ground-truth";
import { mirrorSandbox } from "../support/mirror-sandbox";
import { FIXED_NOW } from "../support/sandbox-process";
import { createMirroredClient } from "@/lib/mirror/mirror-access";
import { SalesApiTransportError } from "@/lib/sales-api";
import { MemoryRateLimitStore } from "@/lib/sales-api/rate-limit";
import { credentialOf, mirroredClient, NOW_MS, resetProcessState, SECRET, tempDataDir, transportOf } from "../support/mirror-sync";
import { startSmtpSink } from "../support/smtp-sink";
import { addToDigestTally, duplicatesOf } from "../support/digest-tally";

const sandbox = mirrorSandbox();
const ZONE = "America/Sao_Paulo";
const ADDRESS = "owner@creator.test";
const keys = deriveDigestKeys("digest-contract-tests-secret-0123456789abcdef");
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let sender: DigestSender;
let mirror: SqliteMirrorStore;

beforeAll(async () => {
  sink = await startSmtpSink();
  mirror = new SqliteMirrorStore(path.join(tempDataDir(), "mirror.sqlite"));
});
afterAll(async () => {
  sender?.mailer.close();
  await sink?.stop();
  await mirror?.close();
});
afterEach(() => {
  sink.received.length = 0;
  resetProcessState();
});

let n = 0;
function subscriptionOf(extra: Partial<DigestSubscription> = {}): DigestSubscription {
  const id = `sub-${++n}-abcdefgh`;
  return { id, account: "acct", sealedAddress: sealAddress(keys, id, ADDRESS), addressKey: addressKeyOf(keys, ADDRESS), cadence: "weekly", locale: "pt-BR", timeZone: ZONE, keyType: "creator", createdAt: 1, confirmedAt: 2, ...extra };
}

async function subscribed(extra: Partial<DigestSubscription> = {}) {
  sender ??= { store: new SqliteDigestStore(path.join(tempDataDir(), "digests.sqlite")), mailer: createMailer(sink.url, "Salesdash <digests@salesdash.test>"), keys, baseUrl: "https://dash.example" };
  const s = subscriptionOf(extra);
  expect(await sender.store.create(s)).toBe("created");
  return s;
}

const client = () => mirroredClient(sandbox.sb, "creator", mirror);

describe("sending a digest", () => {
  it("sends the week's digest once, in Portuguese, with the ground truth's figures and a one-click unsubscribe", async () => {
    const s = await subscribed();
    expect(await sendDigest(sender, s, client(), NOW_MS)).toBe("sent");
    expect(await sendDigest(sender, s, client(), NOW_MS + 3_600_000)).toBe("already_sent"); // the same week, later
    expect(sink.received).toHaveLength(1);
    const [mail] = sink.received;
    expect(mail!.to).toEqual([ADDRESS]);
    expect(mail!.parsed.subject).toBe("Salesdash: sua semana, 8 de jun. de 2026 – 14 de jun. de 2026");
    expect(mail!.parsed.messageId).toBe(`<digest.${s.id}.weekly.2026-06-08@salesdash>`);

    // RFC 8058: a signed https address to POST to, and the one-click marker.
    const list = String(mail!.parsed.headers.get("list-unsubscribe") ?? (mail!.parsed.headers.get("list") as { unsubscribe?: { url: string } } | undefined)?.unsubscribe?.url);
    const url = new URL(/https:\/\/[^>\s]+/.exec(list)![0]);
    expect(url.origin + url.pathname).toBe("https://dash.example/api/digests/unsubscribe");
    expect(readLinkToken(keys, "unsubscribe", url.searchParams.get("token"))).toBe(s.id);
    expect(readLinkToken(keys, "confirm", url.searchParams.get("token"))).toBeNull();
    expect(mail!.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);

    // Both parts, the week's sales as the ground truth has them.
    const { period } = digestPeriod("weekly", NOW_MS, ZONE);
    const window = utcFetchWindow(period.from, period.to, ZONE);
    const truth = (groundTruth({ now: FIXED_NOW }, "creator", "purchases", window.from, shiftDay(window.to, 1)) as unknown as Purchase[]).filter((p) => inLocalRange(p.checkoutInitializedAt, period.from, period.to, ZONE));
    const kpis = creatorKpis(truth);
    expect(kpis.length).toBeGreaterThan(0);
    const text = (mail!.parsed.text ?? "").replace(/\s+/g, " ");
    const html = String(mail!.parsed.html);
    const pt = (n: number) => new Intl.NumberFormat("pt-BR").format(n);
    let wrong = 0;
    for (const k of kpis) {
      const money = (value: number) => formatMoney(value, k.currency, "pt-BR").replace(/\s+/g, " ");
      for (const shown of [money(k.transactionAmount), money(k.creatorNet), money(k.refunded), pt(k.orders), pt(k.purchases)]) {
        if (!text.includes(shown) || !html.replace(/\s+/g, " ").includes(shown)) wrong++;
        expect(text).toContain(shown);
        expect(html.replace(/\s+/g, " ")).toContain(shown);
      }
    }
    // Looked for in what the reader sees (the parts decoded, the subject), not in the encoded message.
    const personal = new Set((truth as unknown as Array<Record<string, unknown>>).flatMap((p) => ["customerName", "customerEmail", "customerPhone", "shippingAddress1", "shippingCity", "shippingZipcode"].map((f) => p[f])).filter((v): v is string => typeof v === "string" && v.length > 3));
    expect(personal.size).toBeGreaterThan(50);
    const seen = [mail!.parsed.subject ?? "", mail!.parsed.text ?? "", html, mail!.raw].join("\n");
    addToDigestTally({ sent: sink.received.length, duplicates: duplicatesOf(sink.received.map((m) => m.parsed.messageId)), wrongFigures: wrong, personalData: [...personal].filter((v) => seen.includes(v)).length });
    expect([...personal].filter((v) => seen.includes(v))).toEqual([]);
    expect(await sender.store.sends("acct", 10)).toEqual([expect.objectContaining({ subscriptionId: s.id, period: "weekly:2026-06-08", status: "sent", attempts: 1 })]);
  });

  it("sends nothing to an address not yet confirmed, nor the digest of a period that ended before it was", async () => {
    const s = await subscribed({ confirmedAt: null, cadence: "daily" });
    expect(await sendDigest(sender, s, client(), NOW_MS)).toBe("unconfirmed");
    // Confirmed on 2026-06-15 at 12:00 UTC: the day before (São Paulo) had ended; its digest is not sent, the next day's is.
    const later = await subscribed({ confirmedAt: NOW_MS, cadence: "daily", locale: "en", addressKey: "another-address" });
    expect(await sendDigest(sender, later, client(), NOW_MS + 60_000)).toBe("not_due");
    expect(sink.received).toHaveLength(0);
    expect(await sendDigest(sender, later, client(), NOW_MS + 86_400_000)).toBe("sent");
    expect(sink.received.map((m) => m.parsed.subject)).toEqual(["Salesdash: your day, Jun 15, 2026"]);
  });

  it("keeps a refused send as failed, in words, and sends it on the next run", async () => {
    const s = await subscribed({ cadence: "monthly", locale: "en" });
    sink.refuseNext(1);
    expect(await sendDigest(sender, s, client(), NOW_MS)).toBe("failed");
    expect((await sender.store.sends("acct", 10)).find((x) => x.subscriptionId === s.id)).toMatchObject({ period: "monthly:2026-05-01", status: "failed", detail: "mail_refused:550" });
    expect(await sendDigest(sender, s, client(), NOW_MS + 60_000)).toBe("already_sent"); // waits 5 minutes before trying again
    expect(await sendDigest(sender, s, client(), NOW_MS + 5 * 60_000)).toBe("sent");
    expect(sink.received).toHaveLength(1);
    expect(sink.received[0]!.parsed.subject).toBe("Salesdash: your month, May 2026");
    expect((await sender.store.sends("acct", 10)).find((x) => x.subscriptionId === s.id)).toMatchObject({ status: "sent", attempts: 2, detail: null });
  });
});

describe("a digest whose days the upstream cannot give", () => {
  it("is not sent with part of its period, spends no attempt however long the outage, and goes once the upstream answers", async () => {
    const own = new SqliteMirrorStore(path.join(tempDataDir(), "mirror.sqlite"));
    const real = transportOf(sandbox.sb);
    let up = true;
    const outageClient = () =>
      createMirroredClient({
        credential: credentialOf(sandbox.sb, "creator"),
        target: "production",
        transport: { baseUrl: real.baseUrl, request: async (request) => (up ? real.request(request) : Promise.reject(new SalesApiTransportError("connection_refused", "connection refused by 127.0.0.1:1"))) },
        limits: { perMinute: 100_000 },
        retry: { baseDelayMs: 10, maxDelayMs: 20, maxRetries: 0 },
        mirror: { store: own, clock: () => NOW_MS, serverSecret: SECRET },
        stores: { rateLimit: new MemoryRateLimitStore() },
      });
    try {
      // A daily digest read its day, its baseline and the standing's windows: the mirror holds them.
      const daily = await subscribed({ cadence: "daily", locale: "en", addressKey: "daily-outage" });
      expect(await sendDigest(sender, daily, outageClient(), NOW_MS)).toBe("sent");
      // Then three days of the month went stale (a late refund, say), and the upstream went away.
      expect(await own.expire(outageClient().identity, "2026-05-10", "2026-05-12", ["purchases"])).toBe(3);
      resetProcessState();
      up = false;
      const monthly = await subscribed({ cadence: "monthly", locale: "en", addressKey: "monthly-outage" });
      // However long the outage lasts, no attempt is spent: nothing is claimed.
      for (const minutes of [0, 60, 600]) expect(await sendDigest(sender, monthly, outageClient(), NOW_MS + minutes * 60_000)).toBe("upstream_away");
      expect((await sender.store.sends("acct", 50)).find((x) => x.subscriptionId === monthly.id)).toBeUndefined();
      expect(sink.received.map((m) => m.parsed.subject)).toEqual(["Salesdash: your day, Jun 14, 2026"]);
      up = true;
      expect(await sendDigest(sender, monthly, outageClient(), NOW_MS + 601 * 60_000)).toBe("sent");
      expect((await sender.store.sends("acct", 50)).find((x) => x.subscriptionId === monthly.id)).toMatchObject({ status: "sent", attempts: 1 });
      expect(sink.received.map((m) => m.parsed.subject)).toEqual(["Salesdash: your day, Jun 14, 2026", "Salesdash: your month, May 2026"]);
      expect(sink.received[1]!.parsed.html).not.toContain("data-quality");
    } finally {
      await own.close();
    }
  });
});
