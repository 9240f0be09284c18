// The payout model as it was written sale by sale (before it read the sales as columns and the
// events in request order once): the oracle the columnar fit and month starts are held to.
import { DAY_MS } from "@/lib/calendar";
import { saleLostCents } from "@/lib/analytics/payout-calendar";
import { expectedLossCents, HORIZON_DAYS, MIN_PRODUCT_SALES, type LossEvent, type LossKind, type RiskModel, type RiskSale } from "@/lib/analytics/payout-risk";
import type { BacktestMonthSpan, BacktestSale } from "@/lib/analytics/payout-backtest";
import { capSaleLossCents } from "@/lib/analytics/sale-losses";

const ageDay = (fromMs: number, toMs: number) => Math.floor((toMs - fromMs) / DAY_MS);
interface Tally { observedTo: Float64Array; lost: Record<LossKind, Float64Array>; mature: number }
const newTally = (): Tally => ({ observedTo: new Float64Array(HORIZON_DAYS + 1), lost: { refund: new Float64Array(HORIZON_DAYS), chargeback: new Float64Array(HORIZON_DAYS) }, mature: 0 });

function curve(tally: Tally, kind: LossKind): Float64Array {
  const exposure = new Float64Array(HORIZON_DAYS);
  for (let k = HORIZON_DAYS - 1, sum = 0; k >= 0; k--) exposure[k] = sum += tally.observedTo[k + 1]!;
  const g = new Float64Array(HORIZON_DAYS + 1);
  for (let k = 0; k < HORIZON_DAYS; k++) g[k + 1] = g[k]! + (exposure[k]! > 0 ? tally.lost[kind][k]! / exposure[k]! : 0);
  return g;
}

export function oracleLossesBySale(events: readonly LossEvent[], sales: ReadonlyMap<number, RiskSale>, cutoffMs: number): Map<number, LossEvent[]> {
  const bySale = new Map<number, LossEvent[]>();
  for (const e of events) {
    if (e.atMs >= cutoffMs || (e.reversedMs !== undefined && e.reversedMs < cutoffMs) || !sales.has(e.saleId)) continue;
    const list = bySale.get(e.saleId);
    if (list) list.push(e);
    else bySale.set(e.saleId, [e]);
  }
  for (const [id, list] of bySale) {
    list.sort((a, b) => a.atMs - b.atMs);
    let left = sales.get(id)!.netCents;
    for (let i = 0; i < list.length; i++) {
      const lost = capSaleLossCents(Math.max(0, left), list[i]!.lostCents);
      list[i] = { ...list[i]!, lostCents: lost };
      left -= lost;
    }
  }
  return bySale;
}

function tallySale(t: Tally, s: RiskSale, observed: number, lost: readonly LossEvent[] | undefined): void {
  t.observedTo[observed]! += s.netCents;
  if (observed === HORIZON_DAYS) t.mature++;
  for (const e of lost ?? []) {
    const k = Math.max(0, ageDay(s.soldMs, e.atMs));
    if (k < observed) t.lost[e.kind][k]! += e.lostCents;
  }
}

const indexOf = <S extends RiskSale>(sales: readonly S[]) => new Map(sales.map((s) => [s.id, s]));

export function oracleFitRiskModel(sales: readonly RiskSale[], events: readonly LossEvent[], cutoffMs: number): RiskModel {
  const losses = oracleLossesBySale(events, indexOf(sales), cutoffMs);
  const account = newTally();
  const products = new Map<string, Tally>();
  for (const s of sales) {
    if (s.soldMs >= cutoffMs || s.netCents <= 0) continue;
    const observed = Math.min(HORIZON_DAYS, ageDay(s.soldMs, cutoffMs));
    if (observed <= 0) continue;
    let product = products.get(s.product);
    if (!product) products.set(s.product, (product = newTally()));
    tallySale(account, s, observed, losses.get(s.id));
    tallySale(product, s, observed, losses.get(s.id));
  }
  const curves = (t: Tally) => ({ refund: curve(t, "refund"), chargeback: curve(t, "chargeback") });
  const byProduct = new Map([...products].filter(([, t]) => t.mature >= MIN_PRODUCT_SALES).map(([name, t]) => [name, curves(t)] as const));
  return { cutoffMs, account: curves(account), byProduct, matureSales: account.mature };
}

export function oracleBacktestSpan(sales: readonly BacktestSale[], events: readonly LossEvent[], span: BacktestMonthSpan) {
  const model = oracleFitRiskModel(sales, events, span.startMs);
  const known = oracleLossesBySale(events, indexOf(sales), span.startMs);
  const ids: number[] = [];
  const before: number[] = [];
  const expected: number[] = [];
  for (const s of sales) {
    if (s.soldMs >= span.startMs || s.availableMs === null || s.availableMs < span.startMs || s.availableMs >= span.endMs) continue;
    const lost = saleLostCents(s, known.get(s.id), 0);
    ids.push(s.id);
    before.push(lost);
    expected.push(expectedLossCents(model, s, lost > 0));
  }
  return { span, ids: Float64Array.from(ids), before: Float64Array.from(before), expected: Float64Array.from(expected) };
}
