import { describe, expect, it } from "vitest";
import { isPostgresUnavailable } from "@/lib/store/postgres/errors";

// Which failures of a PostgreSQL store mean "the database is away" (an answer of "storage
// unavailable") and which are bugs, from errors built the way node and pg build them.
function withCode(code: string, message = "failed"): Error {
  return Object.assign(new Error(message), { code });
}

describe("isPostgresUnavailable", () => {
  it.each(["ECONNREFUSED", "ENOTFOUND", "ETIMEDOUT", "ECONNRESET", "EPIPE", "EHOSTUNREACH", "ENETUNREACH", "EAI_AGAIN"])("recognises the socket error %s", (code) => {
    expect(isPostgresUnavailable(withCode(code, `connect ${code} 127.0.0.1:5432`))).toBe(true);
  });

  it.each(["08000", "08003", "08006", "08001", "08004", "08P01", "57P01", "57P02", "57P03", "53300"])("recognises SQLSTATE %s", (code) => {
    expect(isPostgresUnavailable(withCode(code))).toBe(true);
  });

  it.each(["Connection terminated unexpectedly", "Connection terminated due to connection timeout", "timeout exceeded when trying to connect", "Client has encountered a connection error and is not queryable"])(
    "recognises pg's message %j",
    (message) => {
      expect(isPostgresUnavailable(new Error(message))).toBe(true);
    },
  );

  it("looks inside an AggregateError (every address of a host refused) and a cause", () => {
    const refused = new AggregateError([withCode("ECONNREFUSED"), withCode("ECONNREFUSED")], "");
    expect(isPostgresUnavailable(refused)).toBe(true);
    expect(isPostgresUnavailable(new Error("storage", { cause: withCode("57P01") }))).toBe(true);
    expect(isPostgresUnavailable(new Error("storage", { cause: new Error("bad", { cause: new Error("worse") }) }))).toBe(false);
  });

  it.each([
    ["a unique violation", withCode("23505", "duplicate key value violates unique constraint")],
    ["a syntax error", withCode("42601", 'syntax error at or near "SELEC"')],
    ["a missing table", withCode("42P01", 'relation "salesdash_vault" does not exist')],
    ["a lock timeout", withCode("55P03", "canceling statement due to lock timeout")],
    ["a query cancelled", withCode("57014", "canceling statement due to statement timeout")],
    ["a pool used after end", new Error("Cannot use a pool after calling end on the pool")],
    ["a plain error", new Error("boom")],
  ])("does not take %s for an unavailable database", (_what, error) => {
    expect(isPostgresUnavailable(error)).toBe(false);
  });

  it.each([undefined, null, "ECONNREFUSED", 42, {}])("answers false for %j, which is no error", (value) => {
    expect(isPostgresUnavailable(value)).toBe(false);
  });

  it("stops at a cycle of causes", () => {
    const a: Error & { cause?: unknown } = new Error("a");
    a.cause = a;
    expect(isPostgresUnavailable(a)).toBe(false);
  });
});
