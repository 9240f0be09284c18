import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { csvColumns } from "@/lib/csv/columns";
import { primeRows } from "@/lib/csv/rows";
import { csvResponse, csvStream } from "@/lib/csv/stream";
import { FORMULA_CELLS } from "../support/formula-cells";

interface Row {
  id: string;
  name: string | null;
  amount: number | null;
  at: Date | null;
  cardLast4: string;
}

const columns = csvColumns<Row>([
  { header: "Order id", kind: "id", value: (row) => row.id },
  { header: "Customer, name", kind: "text", value: (row) => row.name },
  { header: "Amount", kind: "money", value: (row) => row.amount },
  { header: "Paid at", kind: "date", value: (row) => row.at },
  { header: "Card", kind: "id", value: (row) => row.cardLast4 },
]);

const at = new Date("2026-02-03T04:05:06.000Z");
const tricky: Array<[string | null, string]> = [
  ["Smith, John", "Smith, John"],
  ['He said "hi"', 'He said "hi"'],
  ["line one\nline two", "line one\nline two"],
  ["line one\r\nline two", "line one\r\nline two"],
  ["Zoë Ångström – São Paulo", "Zoë Ångström – São Paulo"],
  ["収益 😀👍🏽", "収益 😀👍🏽"],
  ...FORMULA_CELLS,
  ['=HYPERLINK("http://x","y"), ok', `'=HYPERLINK("http://x","y"), ok`],
  [null, ""],
  ["", ""],
];
const rows: Row[] = tricky.map(([name], index) => ({
  id: index === 0 ? "0042" : `ord_${index}`,
  name,
  amount: index === 0 ? -12.5 : index === 1 ? null : index * 1.1,
  at: index === 1 ? null : at,
  cardLast4: index === 2 ? "0007" : "4242",
}));

async function bytesOf(stream: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

function parseCsv(bytes: Uint8Array): string[][] {
  // Strict: with "\r\n" as the only record delimiter, a bare LF between records breaks the round trip.
  const strict = parse(Buffer.from(bytes), { bom: true, record_delimiter: "\r\n" }) as string[][];
  // Lenient, as most readers are: a CR or LF left unquoted inside a field would split its record.
  const lenient = parse(Buffer.from(bytes), { bom: true, record_delimiter: ["\r\n", "\n", "\r"] }) as string[][];
  expect(lenient).toEqual(strict);
  return strict;
}

function countBom(bytes: Uint8Array): number {
  let count = 0;
  for (let i = 0; i + 2 < bytes.length; i++) if (bytes[i] === 0xef && bytes[i + 1] === 0xbb && bytes[i + 2] === 0xbf) count++;
  return count;
}

async function* slowly<T>(items: readonly T[]): AsyncGenerator<T> {
  for (const item of items) {
    await new Promise((resolve) => setTimeout(resolve, 0));
    yield item;
  }
}

describe("csvStream", () => {
  it("round-trips tricky values through csv-parse", async () => {
    const records = parseCsv(await bytesOf(csvStream(columns, rows)));
    expect(records[0]).toEqual(["Order id", "Customer, name", "Amount", "Paid at", "Card"]);
    expect(records).toHaveLength(rows.length + 1);
    tricky.forEach(([, expected], index) => expect(records[index + 1]?.[1]).toBe(expected));
    expect(records[1]).toEqual(["0042", "Smith, John", "-12.50", "2026-02-03T04:05:06.000Z", "4242"]);
    expect(records[2]).toEqual(["ord_1", 'He said "hi"', "", "", "4242"]);
    expect(records[3]?.[4]).toBe("0007");
    expect(records[4]?.[2]).toBe("3.30");
  });

  it("starts with one BOM, ends every record with CRLF and quotes per RFC 4180", async () => {
    const bytes = await bytesOf(csvStream(columns, rows));
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(countBom(bytes)).toBe(1);
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes).slice(1);
    expect(text.startsWith('Order id,"Customer, name",Amount,Paid at,Card\r\n')).toBe(true);
    expect(text.endsWith("\r\n")).toBe(true);
    expect(text).toContain('"He said ""hi"""');
    expect(text).toContain('"line one\nline two"');
    expect(text).toContain(`"'\rcr"`);
    expect(text).toContain("'\tab"); // a tab alone needs no quotes
    // Outside quoted fields every LF is part of a CRLF.
    const unquoted = text.replace(/"(?:[^"]|"")*"/g, "");
    expect(unquoted.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
  });

  it("accepts async iterables and small chunks, with the same output", async () => {
    const whole = await bytesOf(csvStream(columns, rows));
    const chunked = await bytesOf(csvStream(columns, slowly(rows), { chunkSize: 10 }));
    expect(chunked).toEqual(whole);
  });

  it("writes the header alone for no rows", async () => {
    const bytes = await bytesOf(csvStream(columns, []));
    expect(parseCsv(bytes)).toEqual([["Order id", "Customer, name", "Amount", "Paid at", "Card"]]);
    expect(countBom(bytes)).toBe(1);
  });

  it("reads no row before the first pull", async () => {
    let opened = false;
    function* lazy(): Generator<Row> {
      opened = true;
      yield* rows;
    }
    const stream = csvStream(columns, lazy());
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(opened).toBe(false);
    await bytesOf(stream);
    expect(opened).toBe(true);
  });

  it("errors the stream when the rows fail, rather than ending a short file", async () => {
    async function* failing(): AsyncGenerator<Row> {
      yield rows[0]!;
      throw new Error("upstream 503");
    }
    await expect(bytesOf(csvStream(columns, failing()))).rejects.toThrow("upstream 503");
  });

  it("closes the rows when a cell fails", async () => {
    let closed = false;
    function* source(): Generator<Row> {
      try {
        yield* rows;
      } finally {
        closed = true;
      }
    }
    const broken = csvColumns<Row>([{ header: "x", kind: "text", value: () => { throw new Error("bad column"); } }]);
    await expect(bytesOf(csvStream(broken, source()))).rejects.toThrow("bad column");
    expect(closed).toBe(true);
  });

  it("closes the rows' iterator when the client cancels", async () => {
    let closed = false;
    let produced = 0;
    async function* endless(): AsyncGenerator<Row> {
      try {
        for (;;) {
          produced++;
          yield rows[produced % rows.length]!;
        }
      } finally {
        closed = true;
      }
    }
    const reader = csvStream(columns, endless(), { chunkSize: 1024 }).getReader();
    await reader.read();
    await reader.read();
    await reader.cancel("client went away");
    expect(closed).toBe(true);
    expect(produced).toBeLessThan(200);
  });

  it("closes primed rows when cancelled before the first read", async () => {
    let closed = false;
    async function* source(): AsyncGenerator<Row> {
      try {
        yield* rows;
      } finally {
        closed = true;
      }
    }
    const stream = csvStream(columns, await primeRows(source()));
    await stream.cancel("client went away");
    expect(closed).toBe(true);
  });
});

describe("csvResponse", () => {
  it("sets the download headers", async () => {
    const response = csvResponse(csvStream(columns, rows), "aurora-academy_orders_2026-01-01_to_2026-01-31.csv");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe(
      `attachment; filename="aurora-academy_orders_2026-01-01_to_2026-01-31.csv"; filename*=UTF-8''aurora-academy_orders_2026-01-01_to_2026-01-31.csv`,
    );
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(parseCsv(new Uint8Array(await response.arrayBuffer()))).toHaveLength(rows.length + 1);
  });
});
