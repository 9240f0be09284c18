import { describe, expect, it } from "vitest";
import { csvColumns } from "@/lib/csv/columns";
import { columnsInZone, timestampInZone } from "@/lib/csv/zoned-time";
import { exportResponse } from "@/lib/reports/server/report-export";
import type { CsvDataset } from "@/lib/reports/server/csv-datasets";

const QUALITY = { complete: true } as never;

describe("CSV times in the report's zone", () => {
  it("writes an instant in the zone with its offset, the same instant as the upstream's", () => {
    expect(timestampInZone("2026-05-03T12:15:00Z", "America/Sao_Paulo")).toBe("2026-05-03T09:15:00-03:00");
    expect(timestampInZone("2026-05-03T01:15:00.250Z", "America/Sao_Paulo")).toBe("2026-05-02T22:15:00.250-03:00");
    expect(timestampInZone("2026-05-03T09:15:00-03:00", "UTC")).toBe("2026-05-03T12:15:00Z");
    expect(timestampInZone("2026-03-29T01:30:00Z", "Europe/Berlin")).toBe("2026-03-29T03:30:00+02:00");
    expect(Date.parse(String(timestampInZone("2026-05-03T12:15:00Z", "Asia/Kolkata")))).toBe(Date.parse("2026-05-03T12:15:00Z"));
  });

  it("keeps plain days and unreadable values as they came", () => {
    expect(timestampInZone("2026-05-03", "Asia/Tokyo")).toBe("2026-05-03");
    expect(timestampInZone("soon", "Asia/Tokyo")).toBe("soon");
    expect(timestampInZone(null, "Asia/Tokyo")).toBe(null);
  });

  it("names the zone in the header of every date column, and only those", () => {
    const columns = columnsInZone(csvColumns<{ id: string; at: string }>([{ header: "id", kind: "id", value: (r) => r.id }, { header: "createdAt", kind: "date", value: (r) => r.at }]), "America/Sao_Paulo");
    expect(columns.map((c) => c.header)).toEqual(["id", "createdAt (America/Sao_Paulo)"]);
    expect(columns[1]!.value({ id: "1", at: "2026-05-03T02:00:00Z" })).toBe("2026-05-02T23:00:00-03:00");
  });

  it("is how every report download writes its times", async () => {
    const set = { columns: csvColumns<{ at: string }>([{ header: "purchaseCreatedAt", kind: "date", value: (r) => r.at }]), rows: [{ at: "2026-05-03T02:00:00Z" }] } as unknown as CsvDataset;
    const response = exportResponse("purchases", { report: "revenue", title: "Revenue", accountLabel: "A", range: { from: "2026-05-01", to: "2026-05-31", tz: "America/Sao_Paulo" }, quality: QUALITY, datasets: new Map([["purchases", set]]) });
    const text = await response.text();
    expect(text).toContain("purchaseCreatedAt (America/Sao_Paulo)\r\n2026-05-02T23:00:00-03:00");
  });
});
