// ?csvLocale=pt-BR: ";" between fields and "," in numbers, for Brazilian spreadsheets; without
// it the file is exactly what it always was (dot decimal, comma separated).
import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { toCsvCell } from "@/lib/csv/cell";
import { csvColumns } from "@/lib/csv/columns";
import { csvDialectFor, DEFAULT_CSV_DIALECT } from "@/lib/csv/dialect";
import { csvStream } from "@/lib/csv/stream";
import { csvLocaleRefusal } from "@/lib/reports/server/report-export";

interface Row { id: string; name: string; amount: number | string | null; share: number; count: number }
const columns = csvColumns<Row>([
  { header: "id", kind: "id", value: (r) => r.id },
  { header: "name", kind: "text", value: (r) => r.name },
  { header: "amount", kind: "money", value: (r) => r.amount },
  { header: "share", kind: "number", value: (r) => r.share },
  { header: "count", kind: "number", value: (r) => r.count },
]);
const rows: Row[] = [
  { id: "ord.1", name: "Café; pão, leite", amount: 1234.5, share: 0.125, count: 1200 },
  { id: "ord.2", name: "-refund", amount: "-12.005", share: 1e-7, count: 0 },
  { id: "ord.3", name: "1.5", amount: null, share: 2, count: -3 },
];
/** The file's text, BOM included. */
const text = async (stream: ReadableStream<Uint8Array>) => new TextDecoder("utf-8", { ignoreBOM: true }).decode(await new Response(stream).arrayBuffer());

describe("csvDialectFor", () => {
  it("is the default without a csvLocale, pt-BR's for pt-BR, and null for anything else", () => {
    expect(csvDialectFor(null)).toBe(DEFAULT_CSV_DIALECT);
    expect(csvDialectFor("")).toBe(DEFAULT_CSV_DIALECT);
    expect(csvDialectFor("pt-BR")).toEqual({ delimiter: ";", decimal: "," });
    expect(csvDialectFor("pt-br")).toBeNull();
    expect(csvDialectFor("toString")).toBeNull();
  });
});

describe("CSV numbers by dialect", () => {
  it("keeps the default file byte for byte: dot decimal, comma separated", async () => {
    const expected = "\uFEFFid,name,amount,share,count\r\nord.1,\"Café; pão, leite\",1234.50,0.125,1200\r\nord.2,'-refund,-12.01,0.0000001,0\r\nord.3,1.5,,2,-3\r\n";
    expect(await text(csvStream(columns, rows))).toBe(expected);
    expect(await text(csvStream(columns, rows, { dialect: DEFAULT_CSV_DIALECT }))).toBe(expected);
  });
  it("writes pt-BR files with ';' between fields and ',' in numbers and money only", async () => {
    const csv = await text(csvStream(columns, rows, { dialect: csvDialectFor("pt-BR")! }));
    expect(csv).toBe("\uFEFFid;name;amount;share;count\r\nord.1;\"Café; pão, leite\";1234,50;0,125;1200\r\nord.2;'-refund;-12,01;0,0000001;0\r\nord.3;1.5;;2;-3\r\n");
    // A CSV reader set to ';' gets the same cells back.
    const records = parse(csv, { delimiter: ";", bom: true }) as string[][];
    expect(records[1]).toEqual(["ord.1", "Café; pão, leite", "1234,50", "0,125", "1200"]);
  });
  it("leaves ids, text and dates alone", () => {
    expect(toCsvCell("12.50", "id", ",")).toBe("12.50");
    expect(toCsvCell("12.50", "text", ",")).toBe("12.50");
    expect(toCsvCell(new Date("2026-06-15T12:00:00.500Z"), "date", ",")).toBe("2026-06-15T12:00:00.500Z");
    expect(toCsvCell("not a number", "money", ",")).toBe("not a number");
  });
});

describe("csvLocaleRefusal", () => {
  it("lets an absent or known csvLocale through and answers 400 for another, naming the values it takes", async () => {
    expect(csvLocaleRefusal(new Request("http://x/api/export/revenue/kpis?from=2026-06-01"))).toBeNull();
    expect(csvLocaleRefusal(new Request("http://x/api/export/revenue/kpis?csvLocale=pt-BR"))).toBeNull();
    const refusal = csvLocaleRefusal(new Request("http://x/api/export/revenue/kpis?csvLocale=de-DE"));
    expect(refusal?.status).toBe(400);
    expect(await refusal?.json()).toMatchObject({ error: { code: "invalid_request", message: expect.stringContaining("pt-BR") } });
  });
});
