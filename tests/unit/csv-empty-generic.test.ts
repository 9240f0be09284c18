// A CSV of refund or chargeback records when none matched: the header row and nothing else
// (it threw "a CSV needs at least one column", answered as a 502 "could not be reached").
import { describe, expect, it } from "vitest";
import { csvColumns } from "@/lib/csv/columns";
import { csvStream } from "@/lib/csv/stream";
import { genericColumns, genericColumnsOrDefault } from "@/lib/reports/generic-columns";

const read = async (stream: ReadableStream<Uint8Array>) => new TextDecoder("utf-8", { ignoreBOM: true }).decode(await new Response(stream).arrayBuffer());

describe("genericColumnsOrDefault", () => {
  it("takes the records' columns when there are records", () => {
    const records = [{ refundId: "r1", amount: 1, customerEmail: "a@b.c", requestedAt: "2026-06-01T00:00:00Z" }];
    expect(genericColumnsOrDefault(records, 60, ["x"])).toEqual(genericColumns(records, 60));
  });

  it("names the fallback columns when there is no record, and they make a CSV of one header row", async () => {
    const columns = genericColumnsOrDefault([], 60, ["refundId", "purchaseId", "currency", "amount", "requestedAt"]);
    expect(columns.map((c) => [c.key, c.kind])).toEqual([["refundId", "text"], ["purchaseId", "text"], ["currency", "text"], ["amount", "money"], ["requestedAt", "date"]]);
    const csv = csvColumns(columns.map((c) => ({ header: c.key, kind: "text" as const, value: (r: Record<string, unknown>) => r[c.key] })));
    expect(await read(csvStream(csv, []))).toBe("\uFEFFrefundId,purchaseId,currency,amount,requestedAt\r\n");
  });

  it("is what the route needed: no record gave no column, which csvColumns refuses", () => {
    expect(genericColumns([], 60)).toEqual([]);
    expect(() => csvColumns([])).toThrow(/at least one column/);
  });
});
