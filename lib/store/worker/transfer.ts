// Buffers handed over rather than copied between the main thread and a store's or a view's worker
// (issue #25 point 8). Structured clone copies a typed array's bytes on both sides: the payout
// calendar's closed days (1.1 M sales at scale 20, 65 MiB of columns) were copied out of the
// store's worker and again into the view's, and each copy's decoding held the receiving thread's
// event loop. A value marked here is posted with its typed arrays' buffers in the transfer list:
// they move, and the sender's arrays are left empty. So only a value its sender never reads
// again is marked: a store's fresh answer, an argument made for the one call.
//
// Only a top-level value is looked at (the answer, each argument), never what it holds: a mark
// on an inner value (the sales inside a view's inputs, posted twice) does nothing. The mark is a
// symbol-keyed property, which structured clone leaves behind: the received value is unmarked.
// store-worker-host.mjs reads the same symbol (Symbol.for: one symbol in every module and thread).
export const TRANSFER: unique symbol = Symbol.for("salesdash.transfer") as never;

/** `value`, marked to be posted with the buffers of `views` moved, not copied (each buffer once). */
export function withTransfer<T extends object>(value: T, views: Iterable<ArrayBufferView>): T {
  const buffers = new Set<ArrayBuffer>();
  for (const view of views) if (view.buffer instanceof ArrayBuffer && view.buffer.byteLength > 0) buffers.add(view.buffer);
  Object.defineProperty(value, TRANSFER, { value: [...buffers], enumerable: false, configurable: true });
  return value;
}

/** The buffers a value was marked with (none when unmarked). */
export function transferListOf(value: unknown): ArrayBuffer[] {
  if (typeof value !== "object" || value === null) return [];
  const list = (value as { [TRANSFER]?: unknown })[TRANSFER];
  return Array.isArray(list) ? (list as ArrayBuffer[]) : [];
}
