import "server-only";

// A back-test month start (payout-backtest.ts's BacktestSpanKept) as bytes for the store
// (lib/store/payout-start-store.ts) and back: its span as JSON, then its three columns as
// little-endian doubles, each exactly as kept (a NaN too). Bytes that are not one (short, a
// length that does not add up, a span that is not one) read as none: the start is made again.
import type { BacktestSpanKept } from "@/lib/analytics/payout-backtest";

const VERSION = 1;
// Version, the span's JSON length and the columns' length, as 32-bit words; the span is padded to 8 bytes.
const HEADER = 12;
const pad8 = (n: number) => Math.ceil(n / 8) * 8;

export function startToBytes(start: BacktestSpanKept): Uint8Array {
  const span = new TextEncoder().encode(JSON.stringify(start.span));
  const n = start.ids.length;
  const at = HEADER + pad8(span.byteLength);
  const bytes = new Uint8Array(at + 3 * 8 * n);
  const view = new DataView(bytes.buffer);
  view.setUint32(0, VERSION, true);
  view.setUint32(4, span.byteLength, true);
  view.setUint32(8, n, true);
  bytes.set(span, HEADER);
  [start.ids, start.before, start.expected].forEach((column, c) => {
    for (let i = 0; i < n; i++) view.setFloat64(at + (c * n + i) * 8, column[i]!, true);
  });
  return bytes;
}

const isSpan = (v: unknown): v is BacktestSpanKept["span"] => {
  const s = v as BacktestSpanKept["span"] | null;
  return typeof s === "object" && s !== null && typeof s.month === "string" && Number.isFinite(s.startMs) && Number.isFinite(s.endMs);
};

export function startOfBytes(bytes: Uint8Array): BacktestSpanKept | null {
  if (bytes.byteLength < HEADER) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getUint32(0, true) !== VERSION) return null;
  const spanLength = view.getUint32(4, true);
  const n = view.getUint32(8, true);
  const at = HEADER + pad8(spanLength);
  if (bytes.byteLength !== at + 3 * 8 * n) return null;
  let span: unknown;
  try {
    span = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes.subarray(HEADER, HEADER + spanLength)));
  } catch {
    return null;
  }
  if (!isSpan(span)) return null;
  const column = (c: number) => {
    const out = new Float64Array(n);
    for (let i = 0; i < n; i++) out[i] = view.getFloat64(at + (c * n + i) * 8, true);
    return out;
  };
  return { span: { month: span.month, startMs: span.startMs, endMs: span.endMs }, ids: column(0), before: column(1), expected: column(2) };
}
