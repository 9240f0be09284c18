// Generates one creator's UTC day of checkouts, with the full lifecycle of each one
// (purchase, upsells, delivery, abandonment, recovery, refund, chargeback).
import { companionOffer, productOf, type Creator, type Offer } from "./catalog";
import { choosePayment, computeAmounts, declineCode, declineRate, taxRateFor } from "./money";
import { makeCustomer } from "./people";
import { Rng } from "./random";
import type { RawAttempts, RawCheckout, RawDay, RawOrder, RawPurchase } from "./raw-types";
import { DAY_MS } from "./time";
import { makeTracking } from "./tracking";
import { expectedCheckouts } from "./volume";

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const ID_STRIDE = 100_000; // ids per creator-day: purchases below +50,000, orders above
// At most 3 purchases per checkout keeps purchase ids under the order ids of the same day.
const MAX_CHECKOUTS_PER_DAY = 16_000;
const PURCHASE_SEQ_LIMIT = 50_000;
const CREATOR_DAYS = 1_000_000;

/** Where a purchase id was made: its creator and the UTC day its checkout loaded (ids are `(creatorNo * 1,000,000 + day) * 100,000 + seq`). */
export function purchaseOrigin(purchaseId: number): { creatorNo: number; day: number } | undefined {
  if (!Number.isSafeInteger(purchaseId) || purchaseId <= 0) return undefined;
  const seq = purchaseId % ID_STRIDE;
  if (seq === 0 || seq >= PURCHASE_SEQ_LIMIT) return undefined;
  const base = Math.floor(purchaseId / ID_STRIDE);
  return { creatorNo: Math.floor(base / CREATOR_DAYS), day: base % CREATOR_DAYS };
}

interface DayContext {
  rng: Rng;
  creator: Creator;
  day: number;
  idBase: number;
  purchaseSeq: number;
  orderSeq: number;
}

const HOURS = Array.from({ length: 24 }, (_, h) => h);

interface CreatorTables { fronts: Offer[]; frontWeights: number[]; affiliateWeights: number[] }
const tables = new Map<number, CreatorTables>();

/** Per-creator lookup tables, built once: the generator's hot loop runs per checkout. */
function tablesOf(creator: Creator): CreatorTables {
  let t = tables.get(creator.creatorNo);
  if (!t) {
    const fronts = creator.offers.filter((o) => o.role === "front");
    t = { fronts, frontWeights: fronts.map((o) => o.weight), affiliateWeights: creator.affiliates.map((a) => a.weight) };
    tables.set(creator.creatorNo, t);
  }
  return t;
}

function loadTimes(ctx: DayContext, scale: number): number[] {
  const { rng, creator, day } = ctx;
  const mean = expectedCheckouts(creator.baseCheckoutsPerDay, scale, day);
  const count = Math.min(MAX_CHECKOUTS_PER_DAY, Math.floor(mean * (0.85 + 0.3 * rng.next()) + rng.next()));
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const hour = rng.weighted(HOURS, creator.hourWeights);
    times.push(day * DAY_MS + hour * HOUR + rng.int(0, 3599) * SECOND);
  }
  return times.sort((a, b) => a - b);
}


function makePurchase(ctx: DayContext, co: RawCheckout, offer: Offer, createdMs: number, discountRate: number, taxRate: number): RawPurchase {
  const { rng, creator } = ctx;
  const product = productOf(creator, offer.productId);
  const purchaseId = ctx.idBase + ++ctx.purchaseSeq;
  const amounts = computeAmounts({ creator, offer, product, isFront: offer.role === "front", discountRate, taxRate, hasAffiliate: co.affiliate !== null });
  const purchase: RawPurchase = { purchaseId, purchaseUcode: `P${purchaseId.toString(36).toUpperCase()}`, offer, product, createdMs, amounts, refund: null, chargeback: null };
  const isCard = co.payment.cardBrand !== null;
  if (isCard && rng.chance(0.007)) {
    const kind = rng.chance(0.75) ? "chargeback" : "alert";
    const requestedMs = createdMs + rng.int(7 * 24, 60 * 24) * HOUR + rng.int(0, 3599) * SECOND;
    const [reasonCode, reason] = rng.pick(CHARGEBACK_REASONS);
    purchase.chargeback = {
      chargebackId: `cbk_${purchaseId}`,
      kind,
      reasonCode,
      reason,
      requestedMs,
      resolvedMs: requestedMs + (kind === "alert" ? rng.int(1, 3) : rng.int(15, 45)) * 24 * HOUR,
      outcome: kind === "alert" ? "resolved" : rng.chance(0.35) ? "won" : "lost",
    };
  } else if (rng.chance(REFUND_RATE[offer.role] + (product.productType === "physical" ? -0.02 : 0))) {
    const full = rng.chance(0.75);
    const requestedMs = createdMs + HOUR + Math.floor(29 * 24 * HOUR * rng.next() ** 2.5);
    purchase.refund = {
      refundId: `rfd_${purchaseId}`,
      requestedMs,
      processedMs: requestedMs + rng.int(60, 7200) * SECOND,
      amountCents: full ? amounts.transaction : Math.max(1, Math.round(amounts.transaction * (0.2 + 0.4 * rng.next()))),
      refundType: full ? "full" : "partial",
      reason: rng.pick(product.productType === "physical" ? PHYSICAL_REFUND_REASONS : DIGITAL_REFUND_REASONS),
    };
  }
  return purchase;
}

const REFUND_RATE = { front: 0.06, order_bump: 0.05, upsell: 0.09, downsell: 0.07 } as const;
const DIGITAL_REFUND_REASONS = ["customer_request", "not_as_expected", "duplicate_purchase", "guarantee_period"];
const PHYSICAL_REFUND_REASONS = ["customer_request", "delivery_delay", "damaged_item", "not_as_expected"];
const CHARGEBACK_REASONS: ReadonlyArray<readonly [string, string]> = [
  ["10.4", "Other fraud, card-absent environment"],
  ["13.1", "Merchandise or services not received"],
  ["13.3", "Not as described or defective"],
  ["4837", "No cardholder authorization"],
  ["4853", "Cardholder dispute"],
];

function makeOrder(ctx: DayContext, co: RawCheckout, startMs: number, recovery: boolean): RawOrder {
  const { rng, creator } = ctx;
  const discountRate = rng.chance(0.15) ? rng.pick([0.1, 0.2]) : 0;
  const taxRate = taxRateFor(co.customer.country, rng);
  const purchases = [makePurchase(ctx, co, co.offer, startMs, discountRate, taxRate)];
  let lastMs = startMs;
  const bump = companionOffer(creator, "order_bump", co.currency);
  if (bump && rng.chance(recovery ? 0.12 : 0.25)) purchases.push(makePurchase(ctx, co, bump, startMs, 0, taxRate));
  if (!recovery) {
    const upsell = companionOffer(creator, "upsell", co.currency);
    const downsell = companionOffer(creator, "downsell", co.currency);
    if (upsell && rng.chance(0.28)) {
      lastMs += rng.int(60, 300) * SECOND;
      purchases.push(makePurchase(ctx, co, upsell, lastMs, 0, taxRate));
    } else if (downsell && rng.chance(0.2)) {
      lastMs += rng.int(90, 420) * SECOND;
      purchases.push(makePurchase(ctx, co, downsell, lastMs, 0, taxRate));
    }
  }
  const completedMs = lastMs + rng.int(30, 180) * SECOND;
  const orderId = ctx.idBase + PURCHASE_SEQ_LIMIT + ++ctx.orderSeq;
  return {
    orderId,
    orderUcode: `ORD-${orderId.toString(36).toUpperCase()}`,
    source: recovery ? "recovery" : co.affiliate ? "affiliate" : "direct",
    completedMs,
    purchases,
    tracking: co.product.productType === "physical" ? makeTracking(rng, co.customer.country, completedMs) : null,
  };
}

const PURCHASE_RATE: Record<string, number> = { credit_card: 0.5, pix: 0.42, boleto: 0.3, paypal: 0.55, apple_pay: 0.65 };

function makeAttempts(ctx: DayContext, co: RawCheckout, sessionMs: number, purchases: boolean): { attempts: RawAttempts; endMs: number } {
  const { rng } = ctx;
  const rate = declineRate(co.payment.psp);
  const firstAttemptMs = sessionMs + rng.int(45, 600) * SECOND;
  if (purchases) {
    let declined = 0;
    let lastCode: string | null = null;
    while (declined < 3 && rng.chance(rate)) { declined++; lastCode = declineCode(rng); }
    const endMs = firstAttemptMs + declined * rng.int(20, 90) * SECOND;
    return { attempts: { count: declined + 1, declined, firstAttemptMs, lastDeclineCode: lastCode }, endMs };
  }
  if (rng.chance(co.payment.cardBrand ? 0.35 : 0.5)) {
    return { attempts: { count: 0, declined: 0, firstAttemptMs: null, lastDeclineCode: null }, endMs: sessionMs + rng.int(30, 900) * SECOND };
  }
  if (co.payment.method === "pix" || co.payment.method === "boleto") {
    // A generated pix code or boleto that was never paid: an attempt, neither approved nor declined.
    return { attempts: { count: 1, declined: 0, firstAttemptMs, lastDeclineCode: null }, endMs: firstAttemptMs };
  }
  const count = rng.weighted([1, 2, 3], [60, 28, 12]);
  let code = declineCode(rng);
  for (let i = 1; i < count; i++) code = declineCode(rng);
  return { attempts: { count, declined: count, firstAttemptMs, lastDeclineCode: code }, endMs: firstAttemptMs + (count - 1) * rng.int(20, 90) * SECOND };
}

function makeCheckout(ctx: DayContext, loadedMs: number, index: number): RawCheckout {
  const { rng, creator } = ctx;
  const { fronts, frontWeights, affiliateWeights } = tablesOf(creator);
  const offer = rng.weighted(fronts, frontWeights);
  const baseId = (ctx.idBase + index).toString(36);
  const co: RawCheckout = {
    creator,
    checkoutId: `chk_${baseId}${rng.token(4)}`,
    sessionId: `ses_${baseId}${rng.token(6)}`,
    loadedMs,
    offer,
    product: productOf(creator, offer.productId),
    currency: offer.currency,
    customer: makeCustomer(rng, offer.currency),
    affiliate: rng.chance(creator.affiliateShare) ? rng.weighted(creator.affiliates, affiliateWeights) : null,
    payment: choosePayment(rng, offer.currency),
    sessionMode: rng.weighted(["standard", "one_click", "express"], [70, 18, 12]),
    checkoutVersion: rng.chance(Math.min(0.9, Math.max(0.1, (ctx.day - 19_700) / 700))) ? "v4" : "v3",
    sessionMs: null,
    attempts: { count: 0, declined: 0, firstAttemptMs: null, lastDeclineCode: null },
    abandonedMs: null,
    purchasedMs: null,
    order: null,
  };
  if (rng.chance(0.35)) return co; // bounced before starting a session
  const sessionMs = loadedMs + rng.int(5, 120) * SECOND;
  co.sessionMs = sessionMs;
  const purchased = rng.chance(PURCHASE_RATE[co.payment.method] ?? 0.5);
  const { attempts, endMs } = makeAttempts(ctx, co, sessionMs, purchased);
  co.attempts = attempts;
  if (purchased) {
    co.purchasedMs = endMs;
    co.order = makeOrder(ctx, co, endMs, false);
    return co;
  }
  co.abandonedMs = endMs + 30 * MINUTE; // the checkout's inactivity timeout
  if (rng.chance(0.14)) {
    co.purchasedMs = co.abandonedMs + HOUR + Math.floor(71 * HOUR * rng.next() ** 2);
    co.order = makeOrder(ctx, co, co.purchasedMs, true);
  }
  return co;
}

function indexByRequestDay(day: RawDay): void {
  for (const checkout of day.checkouts) {
    for (const purchase of checkout.order?.purchases ?? []) {
      const pairs: Array<[Map<number, Array<{ checkout: RawCheckout; purchase: RawPurchase }>>, number | undefined]> = [
        [day.refundsByDay, purchase.refund?.requestedMs],
        [day.chargebacksByDay, purchase.chargeback?.requestedMs],
      ];
      for (const [index, ms] of pairs) {
        if (ms === undefined) continue;
        const key = Math.floor(ms / DAY_MS);
        const list = index.get(key) ?? [];
        list.push({ checkout, purchase });
        index.set(key, list);
      }
    }
  }
}

export function generateDay(seed: string, scale: number, creator: Creator, day: number): RawDay {
  const ctx: DayContext = { rng: new Rng(`${seed}|${creator.creatorNo}|${day}`), creator, day, idBase: (creator.creatorNo * CREATOR_DAYS + day) * ID_STRIDE, purchaseSeq: 0, orderSeq: 0 };
  const checkouts = loadTimes(ctx, scale).map((ms, i) => makeCheckout(ctx, ms, i));
  const raw: RawDay = { creatorNo: creator.creatorNo, day, checkouts, refundsByDay: new Map(), chargebacksByDay: new Map() };
  indexByRequestDay(raw);
  return raw;
}
