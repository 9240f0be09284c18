import { describe, expect, it } from "vitest";
import { csvColumns, csvHeaderRecord, csvRecord } from "@/lib/csv/columns";

interface Order {
  id: string;
  total: number;
}

describe("csvColumns", () => {
  const columns = csvColumns<Order>([
    { header: "Order id", kind: "id", value: (row) => row.id },
    { header: "Total", kind: "money", value: (row) => row.total },
  ]);

  it("writes the header and each row in column order", () => {
    expect(csvHeaderRecord(columns)).toEqual(["Order id", "Total"]);
    expect(csvRecord(columns, { id: "0042", total: -12.5 })).toEqual(["0042", "-12.50"]);
  });

  it("is frozen", () => {
    expect(Object.isFrozen(columns)).toBe(true);
    expect(Object.isFrozen(columns[0])).toBe(true);
  });

  it("refuses an empty layout, an empty header and a repeated header", () => {
    expect(() => csvColumns([])).toThrow(/at least one column/);
    expect(() => csvColumns([{ header: " ", kind: "text", value: () => "" }])).toThrow(/empty/);
    expect(() =>
      csvColumns([
        { header: "A", kind: "text", value: () => "" },
        { header: "A", kind: "number", value: () => 1 },
      ]),
    ).toThrow(/repeated/);
  });

  it("guards a header like any text", () => {
    const odd = csvColumns<Order>([{ header: "-delta", kind: "number", value: () => 1 }]);
    expect(csvHeaderRecord(odd)).toEqual(["'-delta"]);
  });
});
