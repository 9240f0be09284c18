import { stringify } from "csv-stringify/sync";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { toCsvCell } from "@/lib/csv/cell";
import { csvColumns, csvHeaderRecord, csvRecord } from "@/lib/csv/columns";
import type { CsvDialect } from "@/lib/csv/dialect";
import { csvLine } from "@/lib/csv/record-text";
import { csvStream } from "@/lib/csv/stream";

// The records were written by csv-stringify with these options until its per-cell path was the
// cost (issue #25); it stays the reference: the same text for any cells, in both dialects.
const options = (delimiter: CsvDialect["delimiter"]) => ({ record_delimiter: "\r\n", quote_record_delimiter: true, quote: '"', escape: '"', delimiter }) as const;
const delimiter = fc.constantFrom<CsvDialect["delimiter"]>(",", ";");
// Mostly the characters quoting is about, plus formula starts, tabs, spaces and non-ASCII.
const cell = fc.oneof(
  fc.string({ unit: fc.constantFrom(",", ";", '"', "\r", "\n", "\r\n", "=", "+", "-", "@", "\t", " ", "'", "a", "1", ".", "é", "\uFF1D", "💶"), maxLength: 12 }),
  fc.string({ unit: "grapheme", maxLength: 8 }),
  fc.constantFrom("", '"', '""', ",", ";", "\r", "\n", "\r\n", "=SUM(A1)", "-12.50", "@x", "+1", 'a,"b"\r\nc'),
);

describe("CSV records without csv-stringify's per-cell path", () => {
  it("are csv-stringify's text for any cells, in both dialects", () => {
    fc.assert(
      fc.property(delimiter, fc.array(cell, { minLength: 1, maxLength: 8 }), (d, cells) => {
        expect(csvLine(cells, d)).toBe(stringify([cells], options(d)));
      }),
      { numRuns: 5000 },
    );
  });

  it("quote commas, semicolons, quotes, CR and LF, and guard formula starts through the cell", () => {
    const cells = ["a,b", "a;b", 'say "hi"', "line\nbreak", "cr\rhere", "=1+1", "+1", "-x", "@me", "plain"].map((text) => toCsvCell(text, "text"));
    expect(csvLine(cells, ",")).toBe(`"a,b",a;b,"say ""hi""","line\nbreak","cr\rhere",'=1+1,'+1,'-x,'@me,plain\r\n`);
    expect(csvLine(cells, ";")).toBe(`a,b;"a;b";"say ""hi""";"line\nbreak";"cr\rhere";'=1+1;'+1;'-x;'@me;plain\r\n`);
  });

  it("stream the file csv-stringify wrote, BOM and header included, over chunk boundaries", async () => {
    const columns = csvColumns<string[]>([
      { header: "id", kind: "id", value: (r) => r[0] },
      { header: "name, \"quoted\"", kind: "text", value: (r) => r[1] },
      { header: "amount", kind: "money", value: (r) => Number(r[2]) },
    ]);
    await fc.assert(
      fc.asyncProperty(delimiter, fc.array(fc.tuple(cell, cell, fc.constantFrom("1.005", "-12.5", "0", "NaN", "123456.78")), { maxLength: 40 }), fc.integer({ min: 1, max: 200 }), async (d, rows, chunkSize) => {
        const dialect: CsvDialect = { delimiter: d, decimal: d === ";" ? "," : "." };
        const text = await new Response(csvStream(columns, rows, { chunkSize, dialect })).text();
        const expected = stringify([csvHeaderRecord(columns), ...rows.map((r) => csvRecord(columns, r, dialect))], { ...options(d), bom: true });
        // Response.text() drops a leading BOM, as a browser does; the bytes are checked below.
        expect(text).toBe(expected.replace(/^\uFEFF/, ""));
      }),
      { numRuns: 300 },
    );
    const bytes = new Uint8Array(await new Response(csvStream(columns, [["1", "a", "2"]])).arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });
});
