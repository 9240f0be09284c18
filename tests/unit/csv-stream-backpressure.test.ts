// 200,000 rows through csvStream: the rows are read only as fast as the consumer reads, the
// first chunk arrives long before the rows run out, and the heap does not grow with the file.
import { runInNewContext } from "node:vm";
import { setFlagsFromString } from "node:v8";
import { describe, expect, it } from "vitest";
import { csvColumns } from "@/lib/csv/columns";
import { csvStream } from "@/lib/csv/stream";

const TOTAL = 200_000;

interface Row {
  id: number;
  customer: string;
  amount: number;
  at: Date;
  note: string;
}

const columns = csvColumns<Row>([
  { header: "Id", kind: "id", value: (row) => `ord_${String(row.id).padStart(8, "0")}` },
  { header: "Customer", kind: "text", value: (row) => row.customer },
  { header: "Amount", kind: "money", value: (row) => row.amount },
  { header: "At", kind: "date", value: (row) => row.at },
  { header: "Note", kind: "text", value: (row) => row.note },
]);

function getGc(): (() => void) | undefined {
  try {
    setFlagsFromString("--expose-gc");
    return runInNewContext("gc") as () => void;
  } catch {
    return undefined;
  }
}

describe("csvStream with 200,000 rows", () => {
  it("streams with backpressure and bounded memory", { timeout: 60_000 }, async () => {
    let produced = 0;
    const note = "Lorem ipsum, dolor \"sit\" amet — ünïcödé ".repeat(3);
    function* rows(): Generator<Row> {
      for (let i = 0; i < TOTAL; i++) {
        produced++;
        yield { id: i, customer: i % 7 === 0 ? `=cmd${i}` : `Customer ${i}`, amount: -i / 4, at: new Date(Date.UTC(2026, 0, 1) + i * 1000), note };
      }
    }

    const gc = getGc();
    gc?.();
    const baseline = process.memoryUsage().heapUsed;
    let peak = 0;

    const reader = csvStream(columns, rows()).getReader();
    const first = await reader.read();
    expect(first.done).toBe(false);
    expect(produced).toBeGreaterThan(0);
    expect(produced).toBeLessThan(TOTAL / 50);

    // A consumer that stops reading stops the producer.
    const afterFirst = produced;
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(produced).toBe(afterFirst);

    let bytes = first.value?.length ?? 0;
    let lines = countLf(first.value);
    let chunks = 1;
    let maxLead = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.length;
      lines += countLf(value);
      chunks++;
      // Rows read from the source but not yet seen in the output: at most one chunk's worth.
      maxLead = Math.max(maxLead, produced - (lines - 1));
      if (gc && chunks % 25 === 0) {
        gc();
        peak = Math.max(peak, process.memoryUsage().heapUsed - baseline);
      }
    }

    expect(produced).toBe(TOTAL);
    expect(lines).toBe(TOTAL + 1); // the notes hold no newline, so one LF per record
    expect(chunks).toBeGreaterThan(100);
    expect(maxLead).toBeLessThan(2_000);
    expect(bytes).toBeGreaterThan(40_000_000);
    // Holding the file, or its records, would take well over its byte size in heap.
    if (gc) expect(peak).toBeLessThan(bytes / 4);
  });
});

function countLf(chunk: Uint8Array | undefined): number {
  let count = 0;
  if (chunk) for (const byte of chunk) if (byte === 0x0a) count++;
  return count;
}
