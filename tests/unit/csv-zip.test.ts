import { deflateRawSync } from "node:zlib";
import { parse } from "csv-parse/sync";
import { unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { csvColumns } from "@/lib/csv/columns";
import { csvFilename } from "@/lib/csv/filename";
import { csvStream } from "@/lib/csv/stream";
import { zipEntryNames, zipResponse, zipStream } from "@/lib/csv/zip";

interface Refund {
  id: string;
  reason: string | null;
  amount: number;
}

const columns = csvColumns<Refund>([
  { header: "Refund id", kind: "id", value: (row) => row.id },
  { header: "Reason", kind: "text", value: (row) => row.reason },
  { header: "Amount", kind: "money", value: (row) => row.amount },
]);

const refunds: Refund[] = [
  { id: "0042", reason: "Duplicate, \"charged twice\"\nsee ticket", amount: -12.5 },
  { id: "0043", reason: "=SUM(A1)", amount: 3 },
  { id: "0044", reason: "Zoë 😀", amount: -0.1 },
  { id: "0045", reason: null, amount: 0 },
];

function parseCsv(bytes: Uint8Array): string[][] {
  expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return parse(Buffer.from(bytes), { bom: true, record_delimiter: "\r\n" }) as string[][];
}

async function bytesOf(stream: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

function bigRows(count: number, log: string[], label: string): Generator<Refund> {
  return (function* () {
    log.push(`${label}:open`);
    try {
      for (let i = 0; i < count; i++) yield { id: String(i).padStart(6, "0"), reason: `reason ${i} ${label}`, amount: i / 3 };
    } finally {
      log.push(`${label}:close`);
    }
  })();
}

/** CRC-32 (ISO-HDLC) bit by bit: the oracle for the CRC zip.ts takes from zlib. */
function crcOracle(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

describe("zipStream", () => {
  it("holds each CSV, readable after unzipping", async () => {
    const name = csvFilename({ accountLabel: "Aurora Académie", report: "Refunds", from: "2026-01-01", to: "2026-01-31" });
    const zip = await bytesOf(
      zipStream(
        [
          { name, stream: csvStream(columns, refunds) },
          { name: "résumé 収益.csv", stream: csvStream(columns, refunds.slice(0, 1)) },
          { name: "empty.csv", stream: csvStream(columns, []) },
        ],
        { mtime: new Date("2026-02-01T00:00:00Z") },
      ),
    );
    const files = unzipSync(zip);
    expect(Object.keys(files)).toEqual([name, "résumé 収益.csv", "empty.csv"]);
    const records = parseCsv(files[name]!);
    expect(records).toEqual([
      ["Refund id", "Reason", "Amount"],
      ["0042", 'Duplicate, "charged twice"\nsee ticket', "-12.50"],
      ["0043", "'=SUM(A1)", "3.00"],
      ["0044", "Zoë 😀", "-0.10"],
      ["0045", "", "0.00"],
    ]);
    expect(parseCsv(files["résumé 収益.csv"]!)).toHaveLength(2);
    expect(parseCsv(files["empty.csv"]!)).toEqual([["Refund id", "Reason", "Amount"]]);
  });

  it("writes the entries one after another, each read only once the one before has ended", async () => {
    const log: string[] = [];
    const stream = zipStream([
      { name: "a.csv", stream: csvStream(columns, bigRows(20_000, log, "a")) },
      { name: "b.csv", stream: csvStream(columns, bigRows(20_000, log, "b")) },
    ]);
    expect(log).toEqual([]);
    const reader = stream.getReader();
    const chunks: Uint8Array[] = [];
    const first = await reader.read();
    chunks.push(first.value!);
    expect(log).toEqual(["a:open"]);
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
    }
    expect(log).toEqual(["a:open", "a:close", "b:open", "b:close"]);
    expect(chunks.length).toBeGreaterThan(2);
    const files = unzipSync(new Uint8Array(await new Blob(chunks as BlobPart[]).arrayBuffer()));
    expect(parseCsv(files["a.csv"]!)).toHaveLength(20_001);
    expect(parseCsv(files["b.csv"]!)[20_000]).toEqual(["019999", "reason 19999 b", "6666.33"]);
  });

  it("compresses with zlib (off the event loop) and writes each entry's CRC-32 and sizes after it", async () => {
    const log: string[] = [];
    const csv = await bytesOf(csvStream(columns, bigRows(30_000, log, "z")));
    const zip = await bytesOf(zipStream([{ name: "z.csv", stream: csvStream(columns, bigRows(30_000, log, "z")) }]));
    const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
    expect(view.getUint32(0, true)).toBe(0x04034b50);
    expect(view.getUint16(8, true)).toBe(8); // DEFLATE
    expect(view.getUint16(6, true) & 8).toBe(8); // sizes in a data descriptor
    const start = 30 + view.getUint16(26, true) + view.getUint16(28, true);
    // zlib's DEFLATE of the whole file, byte for byte: fflate's own encoder writes other bytes.
    const expected = deflateRawSync(csv, { level: 6 });
    expect(Buffer.from(zip.subarray(start, start + expected.length)).equals(expected)).toBe(true);
    const descriptor = start + expected.length;
    expect(view.getUint32(descriptor, true)).toBe(0x08074b50);
    expect(view.getUint32(descriptor + 4, true)).toBe(crcOracle(csv));
    expect(view.getUint32(descriptor + 8, true)).toBe(expected.length);
    expect(view.getUint32(descriptor + 12, true)).toBe(csv.length);
    expect(unzipSync(zip)["z.csv"]).toEqual(csv);
  });

  it("stores uncompressed at level 0", async () => {
    const zip = await bytesOf(zipStream([{ name: "a.csv", stream: csvStream(columns, refunds) }], { level: 0 }));
    expect(parseCsv(unzipSync(zip)["a.csv"]!)).toHaveLength(5);
    expect(new TextDecoder().decode(zip)).toContain("0042,"); // stored, so readable as is
  });

  it("fails the archive when an entry fails, and cancels the entries not reached", async () => {
    const log: string[] = [];
    async function* failing(): AsyncGenerator<Refund> {
      yield refunds[0]!;
      throw new Error("upstream 500");
    }
    const later = bigRows(10, log, "later");
    const stream = zipStream([
      { name: "bad.csv", stream: csvStream(columns, failing()) },
      { name: "later.csv", stream: csvStream(columns, later) },
    ]);
    await expect(bytesOf(stream)).rejects.toThrow("upstream 500");
    expect(log).toEqual([]); // never opened, so nothing was fetched for it
  });

  it("cancels the current entry and its rows when the client goes away", async () => {
    const log: string[] = [];
    const reader = zipStream([
      { name: "a.csv", stream: csvStream(columns, bigRows(1_000_000, log, "a")) },
      { name: "b.csv", stream: csvStream(columns, bigRows(10, log, "b")) },
    ]).getReader();
    await reader.read();
    await reader.cancel("gone");
    expect(log).toEqual(["a:open", "a:close"]);
  });

  it("answers with a ZIP download", async () => {
    const response = zipResponse(zipStream([{ name: "a.csv", stream: csvStream(columns, refunds) }]), "reports.zip");
    expect(response.headers.get("content-type")).toBe("application/zip");
    expect(Object.keys(unzipSync(new Uint8Array(await response.arrayBuffer())))).toEqual(["a.csv"]);
  });
});

describe("zipEntryNames", () => {
  it("keeps entries inside the archive, non-empty and unique", () => {
    expect(zipEntryNames(["../../etc/passwd", "a\\b.csv", "C:evil.csv", "..", "", "\u0000", "x.csv", "X.csv", "x.csv", "noext", "noext"])).toEqual([
      "_.._etc_passwd",
      "a_b.csv",
      "C_evil.csv",
      "file-4.csv",
      "file-5.csv",
      "file-6.csv",
      "x.csv",
      "X-2.csv",
      "x-3.csv",
      "noext",
      "noext-2",
    ]);
  });
});
