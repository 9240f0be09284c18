// What the fact-table benches (bench-order-facts, bench-cart-facts, bench-purchase-facts) share:
// their size from the command line, their mirror filled with the range that reads its days, and
// a report view built, timed and kept as JSON, so the view from the records and the one from
// the fact tables can be compared.
import { parseArgs } from "node:util";
import type { ReportParams } from "@/lib/report-params/definitions";
import { fillTempMirror, lastTwoYears, loadAverage as load, rssMiB, seconds as s, type BenchFactStores, type TempMirror, type TempMirrorOptions } from "./fill-mirror";

/** `--scale N` (the generator's, `scale` unless given) and `--days N` (731 unless given). */
export function benchSize(scale: string): { scale: number; days: number } {
  const { values } = parseArgs({ options: { scale: { type: "string", default: scale }, days: { type: "string", default: "731" } } });
  return { scale: Number(values.scale), days: Number(values.days) };
}

/** The mirror of a bench's size, filled (fillTempMirror), and the report's range over the days filled: last two years, in UTC, per month. */
export async function fillFactBench<S extends BenchFactStores>(size: { scale: number; days: number }, options: Omit<TempMirrorOptions<S>, "scale" | "days">): Promise<{ filled: TempMirror<S>; base: ReportParams }> {
  const filled = await fillTempMirror({ ...options, scale: size.scale, days: size.days });
  return { filled, base: lastTwoYears(size.days) };
}

/** Builds a view and prints how long it took under `label` (with `more` said of it); its JSON leaves out when it was computed. */
export async function timedView<V>(label: string, build: () => Promise<V>, more: () => string = () => ""): Promise<{ view: V; json: string }> {
  const before = load();
  const started = performance.now();
  const view = await build();
  const ms = performance.now() - started;
  console.log(`${label}: ${s(ms)} s (load ${before} -> ${load()}, RSS ${rssMiB()} MiB${more()})`);
  return { view, json: JSON.stringify(view, (key, value: unknown) => (key === "computedAt" ? 0 : value)) };
}
