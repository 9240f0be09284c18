import { describe, expect, it } from "vitest";
import { payoutColumnsOf, type PayoutRecord } from "@/lib/store/purchase-fact-sql";
import { payoutColumnsOfDayTexts } from "@/lib/store/postgres/payout-day-texts";

// PostgreSQL's payout read sends a day's rows as one text (tests/backends/postgres-payout-facts
// holds the statement to the records); here the parse alone, on texts written by hand, against
// payoutColumnsOf of the same rows as pg would hand them (BIGINTs as text).
const hex = (s: string) => `x${Buffer.from(s, "utf8").toString("hex")}`;

describe("payoutColumnsOfDayTexts", () => {
  it("reads numbers (signs, empty fields, more digits than a double holds), plain and hexed texts as payoutColumnsOf reads the rows", async () => {
    const days = [
      [
        `12,1700000000000,1700086400000,BRL,Bread,1999,-250,2500,0,2024-01-02T03:04:05Z`,
        `11,,,USD,,0,0,0,0,`,
        `10,1700000000000,,${hex("EU,R")},${hex("Jam, \"fig\"\n🍞")},5,6,7,8,${hex("soon, maybe")}`,
      ].join("\n"),
      [`9,-5,12345678901234567,BRL,Bread,1,2,3,4,2024-01-02T03:04:05.5+01:00`, `99999999999999999999,1,2,BRL,${hex("x1")},1,1,1,1,${hex("x")}`].join("\n"),
    ];
    const rows: PayoutRecord[] = [
      ["12", null, "2024-01-02T03:04:05Z", "1700000000000", "1700086400000", null, "BRL", null, "Bread", "1999", "-250", "2500", "0"],
      ["11", null, "", null, null, null, "USD", null, "", "0", "0", "0", "0"],
      ["10", null, "soon, maybe", "1700000000000", null, null, "EU,R", null, 'Jam, "fig"\n🍞', "5", "6", "7", "8"],
      ["9", null, "2024-01-02T03:04:05.5+01:00", "-5", "12345678901234567", null, "BRL", null, "Bread", "1", "2", "3", "4"],
      ["99999999999999999999", null, "x", "1", "2", null, "BRL", null, "x1", "1", "1", "1", "1"],
    ];
    const answer = await payoutColumnsOfDayTexts(days.map((t) => ({ t })));
    expect(answer).toEqual(payoutColumnsOf(rows));
    expect(answer.length).toBe(5);
    expect(Number.isNaN(answer.availableMs[1]!)).toBe(true);
    expect(answer.products).toEqual(["Bread", "", 'Jam, "fig"\n🍞', "x1"]);
  });

  it("keeps a purchase's first copy when two days hold it, and gives back nothing for no days", async () => {
    const days = ["7,1,2,BRL,Bread,1,1,1,1,2024-01-02T03:04:05Z", "7,1,2,USD,Bread,9,9,9,9,2024-01-01T03:04:05Z\n6,1,2,BRL,Bread,1,1,1,1,2024-01-01T03:04:05Z"];
    const answer = await payoutColumnsOfDayTexts(days.map((t) => ({ t })));
    expect(Array.from(answer.purchaseId)).toEqual([7, 6]);
    expect(answer.creatorNet[0]).toBe(1);
    expect((await payoutColumnsOfDayTexts([])).length).toBe(0);
  });

  it("reads a kept day's currency and product as their places in the day's names, beside a day that sends them as texts", async () => {
    const kept = { t: ["5,1,2,1,0,1,1,1,1,2024-01-02T03:04:05Z", "4,1,2,0,1,2,2,2,2,2024-01-02T03:04:06Z", "3,1,2,1,1,2,2,2,2,"].join("\n"), names: { currencies: ["eur", "unknown:Z"], products: ["Jam, fig", "Bread"] } };
    const sent = { t: ["2,1,2,BRL,Bread,3,3,3,3,2024-01-01T03:04:05Z", "1,7,2,BRL,Rye,3,3,3,3,x"].join("\n") };
    const answer = await payoutColumnsOfDayTexts([kept, sent]);
    const texts = ["5,1,2,unknown:Z,x4a616d2c20666967,1,1,1,1,2024-01-02T03:04:05Z", "4,1,2,eur,Bread,2,2,2,2,2024-01-02T03:04:06Z", "3,1,2,unknown:Z,Bread,2,2,2,2,"].join("\n");
    expect(answer).toEqual(await payoutColumnsOfDayTexts([{ t: texts }, sent]));
    expect(answer.currencies).toEqual(["unknown:Z", "eur", "BRL"]);
    expect(answer.products).toEqual(["Jam, fig", "Bread", "Rye"]);
    // An empty created text is the checkout's instant (created_at), a hexed one read as its text.
    expect(Array.from(answer.soldMs)).toEqual([Date.parse("2024-01-02T03:04:05Z"), Date.parse("2024-01-02T03:04:06Z"), 1, Date.parse("2024-01-01T03:04:05Z"), 7]);
    // A place the day's lists lack is no answer, not a wrong name.
    await expect(payoutColumnsOfDayTexts([{ t: "5,1,2,2,0,1,1,1,1,2024-01-02T03:04:05Z", names: { currencies: ["eur", "usd"], products: ["Bread"] } }])).rejects.toThrow(/names 2 of 2/);
    await expect(payoutColumnsOfDayTexts([{ t: "5,1,2,0,-1,1,1,1,1,2024-01-02T03:04:05Z", names: { currencies: ["eur"], products: ["Bread"] } }])).rejects.toThrow(/names -1 of 1/);
  });
});
