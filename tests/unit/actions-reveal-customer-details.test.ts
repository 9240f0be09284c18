// The reveal action on the shared wrapper: the session's account only, creator-only tables
// refused to an affiliate, the report's URL read as the routes read it, at most a page of ids,
// and a failed load answered in the error shape with a reference, without a record in the log.
import { beforeEach, describe, expect, it, vi } from "vitest";

const session = vi.hoisted(() => ({ account: null as null | { keyType: "creator" | "affiliate" }, client: { identity: "acct" } }));
const details = vi.hoisted(() => ({ getCustomerDetails: vi.fn() }));

vi.mock("@/lib/auth/session", () => ({
  getSessionAccount: async () => session.account,
  getSessionClient: async () => session.client,
}));
vi.mock("@/lib/reports/server/customer-details", () => ({ CREATOR_ONLY_TABLES: new Set(["orders", "carts"]), getCustomerDetails: details.getCustomerDetails }));

const { revealCustomerDetailsAction } = await import("@/lib/actions/reports/reveal-customer-details");
const { setLogSink } = await import("@/lib/log/server-log");

const QUERY = "from=2026-05-01&to=2026-05-31&product=Course";

describe("revealCustomerDetailsAction", () => {
  beforeEach(() => {
    session.account = { keyType: "creator" };
    details.getCustomerDetails.mockReset();
  });

  it("answers the details of the ids asked, for the report the query names", async () => {
    details.getCustomerDetails.mockResolvedValue({ "12": { customer: "Ada Lovelace", email: "ada@example.com" } });
    const result = await revealCustomerDetailsAction({ table: "purchases", query: QUERY, ids: ["12", "13"] });
    expect(result).toEqual({ ok: true, data: { "12": { customer: "Ada Lovelace", email: "ada@example.com" } } });
    const [client, keyType, table, params, ids] = details.getCustomerDetails.mock.calls[0]!;
    expect([client, keyType, table, ids]).toEqual([session.client, "creator", "purchases", ["12", "13"]]);
    expect(params).toMatchObject({ from: "2026-05-01", to: "2026-05-31", filters: expect.objectContaining({ product: ["Course"] }) });
  });

  it("refuses without a session, an affiliate's creator-only table, a bad report and more than a page of ids", async () => {
    session.account = null;
    expect(await revealCustomerDetailsAction({ table: "purchases", query: QUERY, ids: ["1"] })).toMatchObject({ ok: false, error: { code: "unauthenticated" } });
    session.account = { keyType: "affiliate" };
    expect(await revealCustomerDetailsAction({ table: "orders", query: QUERY, ids: ["1"] })).toMatchObject({ ok: false, error: { code: "forbidden" } });
    expect(await revealCustomerDetailsAction({ table: "carts", query: QUERY, ids: ["1"] })).toMatchObject({ ok: false, error: { code: "forbidden" } });
    expect(await revealCustomerDetailsAction({ table: "purchases", query: "from=2026-13-01&to=2026-05-31", ids: ["1"] })).toMatchObject({ ok: false, error: { code: "invalid_request" } });
    expect(await revealCustomerDetailsAction({ table: "customers", query: QUERY, ids: ["1"] })).toMatchObject({ ok: false, error: { code: "invalid_request" } });
    expect(await revealCustomerDetailsAction({ table: "purchases", query: QUERY, ids: Array.from({ length: 201 }, (_, i) => String(i)) })).toMatchObject({ ok: false, error: { code: "invalid_request" } });
    expect(details.getCustomerDetails).not.toHaveBeenCalled();
  });

  it("answers a failed load with a reference, and logs no record", async () => {
    const lines: string[] = [];
    const previous = setLogSink((line) => lines.push(line));
    try {
      details.getCustomerDetails.mockRejectedValue(new Error("boom"));
      const result = await revealCustomerDetailsAction({ table: "purchases", query: QUERY, ids: ["907531"] });
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.error.correlation_id).toBeTruthy();
      // The id as a value of its own: a random correlation id ending in the same digits is no record
      // (the id "12" once matched a reference ending in …12").
      expect(lines.join("\n")).not.toMatch(/Course|[^0-9a-f-]907531\b/);
    } finally {
      setLogSink(previous);
    }
  });
});
