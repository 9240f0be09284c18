import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { EnvValidationError, parseServerEnv } from "@/lib/env";

function problemsOf(source: Record<string, string | undefined>): readonly string[] {
  try {
    parseServerEnv(source);
  } catch (error) {
    if (error instanceof EnvValidationError) return error.problems;
    throw error;
  }
  throw new Error("expected the environment to be rejected");
}

describe("parseServerEnv", () => {
  it("accepts an empty environment with defaults", () => {
    expect(parseServerEnv({})).toEqual({ SALES_API_TIMEOUT_MS: 15_000, SALES_API_REPORT_DEADLINE_MS: 30_000, SESSION_MAX_AGE_SECONDS: 28_800, SALESDASH_DATA_DIR: ".data", SALESDASH_FACT_ENGINE: "duckdb", SALESDASH_SYNC_DAYS: 730, SALESDASH_SYNC_PER_MINUTE: 45, SALESDASH_TRUSTED_PROXIES: 0, SALESDASH_SIGN_IN_WAIT_SECONDS: 60, SALESDASH_WORKER_NICE: 10, SALESDASH_WEBHOOK_PRIVATE: "deny" });
  });

  it("treats empty strings as unset", () => {
    expect(parseServerEnv({ SALES_API_BASE_URL: "", SALES_API_CA_FILE: " ", SALES_API_TIMEOUT_MS: "", SALES_API_REPORT_DEADLINE_MS: "" })).toEqual({
      SALES_API_TIMEOUT_MS: 15_000,
      SALES_API_REPORT_DEADLINE_MS: 30_000,
      SESSION_MAX_AGE_SECONDS: 28_800,
      SALESDASH_DATA_DIR: ".data",
      SALESDASH_FACT_ENGINE: "duckdb",
      SALESDASH_SYNC_DAYS: 730,
      SALESDASH_SYNC_PER_MINUTE: 45,
      SALESDASH_TRUSTED_PROXIES: 0,
      SALESDASH_WEBHOOK_PRIVATE: "deny",
      SALESDASH_WORKER_NICE: 10,
      SALESDASH_SIGN_IN_WAIT_SECONDS: 60,
    });
  });

  it("reads the worker threads' nice value, 10 unless set, and refuses one outside 0-19", () => {
    expect(parseServerEnv({ SALESDASH_WORKER_NICE: "0" }).SALESDASH_WORKER_NICE).toBe(0);
    expect(parseServerEnv({ SALESDASH_WORKER_NICE: "19" }).SALESDASH_WORKER_NICE).toBe(19);
    for (const bad of ["-1", "20", "5.5", "low"]) expect(() => parseServerEnv({ SALESDASH_WORKER_NICE: bad })).toThrow(/SALESDASH_WORKER_NICE/);
  });

  it("reads the fact tables' engine, duckdb unless sqlite is named", () => {
    expect(parseServerEnv({ SALESDASH_FACT_ENGINE: "sqlite" }).SALESDASH_FACT_ENGINE).toBe("sqlite");
    expect(parseServerEnv({ SALESDASH_FACT_ENGINE: "duckdb" }).SALESDASH_FACT_ENGINE).toBe("duckdb");
    expect(parseServerEnv({ SALESDASH_FACT_ENGINE: "" }).SALESDASH_FACT_ENGINE).toBe("duckdb");
    expect(() => parseServerEnv({ SALESDASH_FACT_ENGINE: "postgres" })).toThrow(/SALESDASH_FACT_ENGINE: must be sqlite or duckdb/);
  });

  it("reads the report deadline in milliseconds and refuses one too short to fetch anything", () => {
    expect(parseServerEnv({ SALES_API_REPORT_DEADLINE_MS: "45000" }).SALES_API_REPORT_DEADLINE_MS).toBe(45_000);
    expect(() => parseServerEnv({ SALES_API_REPORT_DEADLINE_MS: "500" })).toThrow(/SALES_API_REPORT_DEADLINE_MS: must be at least 1000 ms/);
    expect(() => parseServerEnv({ SALES_API_REPORT_DEADLINE_MS: "soon" })).toThrow(/SALES_API_REPORT_DEADLINE_MS/);
  });

  it("accepts https URLs and drops a trailing slash", () => {
    const env = parseServerEnv({
      SALES_API_BASE_URL: "https://api.example.com/",
      SALES_API_STAGING_BASE_URL: "https://staging.example.com",
      SALES_API_TIMEOUT_MS: "2500",
    });
    expect(env.SALES_API_BASE_URL).toBe("https://api.example.com");
    expect(env.SALES_API_STAGING_BASE_URL).toBe("https://staging.example.com");
    expect(env.SALES_API_TIMEOUT_MS).toBe(2500);
  });

  it("refuses plain http base URLs", () => {
    const problems = problemsOf({ SALES_API_BASE_URL: "http://api.example.com", SALES_API_STAGING_BASE_URL: "http://s.example.com" });
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/^SALES_API_BASE_URL: must use https:\/\//);
    expect(problems[1]).toMatch(/^SALES_API_STAGING_BASE_URL: must use https:\/\//);
  });

  it("reports a URL that is not a URL once", () => {
    expect(problemsOf({ SALES_API_BASE_URL: "api.example.com" })).toEqual([
      expect.stringMatching(/^SALES_API_BASE_URL: must be a valid absolute URL/),
    ]);
  });

  it("checks that the CA file exists", () => {
    const dir = mkdtempSync(join(tmpdir(), "salesdash-env-"));
    const pem = join(dir, "ca.pem");
    writeFileSync(pem, "-----BEGIN CERTIFICATE-----\n");
    expect(parseServerEnv({ SALES_API_CA_FILE: pem }).SALES_API_CA_FILE).toBe(pem);
    expect(problemsOf({ SALES_API_CA_FILE: join(dir, "missing.pem") })[0]).toMatch(/^SALES_API_CA_FILE: file not found/);
    expect(problemsOf({ SALES_API_CA_FILE: dir })[0]).toMatch(/^SALES_API_CA_FILE: file not found/);
  });

  it.each(["abc", "1.5", "0", "999999"])("rejects SALES_API_TIMEOUT_MS=%s", (value) => {
    expect(problemsOf({ SALES_API_TIMEOUT_MS: value })[0]).toMatch(/^SALES_API_TIMEOUT_MS: /);
  });

  it("lists every problem in one clear message without echoing the secret", () => {
    const secret = "too-short-secret";
    let message = "";
    try {
      parseServerEnv({ SALES_API_BASE_URL: "http://x.example", SALES_API_TIMEOUT_MS: "soon", AUTH_SECRET: secret });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain("Invalid server environment:");
    expect(message).toContain("SALES_API_BASE_URL");
    expect(message).toContain("SALES_API_TIMEOUT_MS");
    expect(message).toContain("AUTH_SECRET: must be at least 32 characters");
    expect(message).not.toContain(secret);
  });
});

describe("the share links' cap", () => {
  it("leaves it to the built-in cap when unset, and takes a lower one, never a higher", () => {
    expect(parseServerEnv({}).SALESDASH_SHARE_LINK_LIMIT).toBeUndefined();
    expect(parseServerEnv({ SALESDASH_SHARE_LINK_LIMIT: "2" })).toMatchObject({ SALESDASH_SHARE_LINK_LIMIT: 2 });
    expect(() => parseServerEnv({ SALESDASH_SHARE_LINK_LIMIT: "101" })).toThrow(/SALESDASH_SHARE_LINK_LIMIT: must be at most 100 \(the built-in cap\)/);
    expect(() => parseServerEnv({ SALESDASH_SHARE_LINK_LIMIT: "0" })).toThrow(/SALESDASH_SHARE_LINK_LIMIT: must be at least 1/);
    expect(() => parseServerEnv({ SALESDASH_SHARE_LINK_LIMIT: "many" })).toThrow(/SALESDASH_SHARE_LINK_LIMIT: must be a number of links/);
  });
});

describe("the mirror's settings", () => {
  it("reads the sync's days and budget, and refuses more than the upstream's 60 a minute", () => {
    expect(parseServerEnv({ SALESDASH_SYNC_DAYS: "0", SALESDASH_SYNC_PER_MINUTE: "30" })).toMatchObject({ SALESDASH_SYNC_DAYS: 0, SALESDASH_SYNC_PER_MINUTE: 30 });
    expect(() => parseServerEnv({ SALESDASH_SYNC_PER_MINUTE: "61" })).toThrow(/SALESDASH_SYNC_PER_MINUTE: must be at most 60/);
  });

  it("checks the freshness policy at start, naming the bad part", () => {
    expect(parseServerEnv({ SALESDASH_FRESHNESS: "3:60s,30:1h,120:24h,*:7d" }).SALESDASH_FRESHNESS).toBe("3:60s,30:1h,120:24h,*:7d");
    expect(() => parseServerEnv({ SALESDASH_FRESHNESS: "3:60s,30:soon" })).toThrow(/SALESDASH_FRESHNESS: "30:soon" is not/);
    expect(() => parseServerEnv({ SALESDASH_FRESHNESS: "3:60s,30:1h" })).toThrow(/last tier must be "\*"/);
  });
});

describe("the shared back-ends", () => {
  it("reads PostgreSQL and Redis URLs, and leaves both unset by default (the embedded stores)", () => {
    const env = parseServerEnv({ SALESDASH_DATABASE_URL: "postgres://salesdash:pw@db.internal:5432/salesdash", SALESDASH_REDIS_URL: "rediss://cache.internal:6380" });
    expect(env).toMatchObject({ SALESDASH_DATABASE_URL: "postgres://salesdash:pw@db.internal:5432/salesdash", SALESDASH_REDIS_URL: "rediss://cache.internal:6380" });
    const unset = parseServerEnv({ SALESDASH_DATABASE_URL: " ", SALESDASH_REDIS_URL: "" });
    expect([unset.SALESDASH_DATABASE_URL, unset.SALESDASH_REDIS_URL]).toEqual([undefined, undefined]);
  });

  it("names the variable of a URL that is not one, without repeating its value", () => {
    const wrong = () => parseServerEnv({ SALESDASH_DATABASE_URL: "mysql://root:hunter22@db/x", SALESDASH_REDIS_URL: "127.0.0.1:6379" });
    expect(wrong).toThrow(/SALESDASH_DATABASE_URL: must be a postgres:\/\/ or postgresql:\/\/ URL/);
    expect(wrong).toThrow(/SALESDASH_REDIS_URL: must be a redis:\/\/ or rediss:\/\/ URL/);
    expect(wrong).not.toThrow(/hunter22/);
  });
});

describe("the proxies in front", () => {
  it("trusts no X-Forwarded-For by default, and reads a count of proxies", () => {
    expect(parseServerEnv({}).SALESDASH_TRUSTED_PROXIES).toBe(0);
    expect(parseServerEnv({ SALESDASH_TRUSTED_PROXIES: "2" }).SALESDASH_TRUSTED_PROXIES).toBe(2);
    expect(() => parseServerEnv({ SALESDASH_TRUSTED_PROXIES: "yes" })).toThrow(/SALESDASH_TRUSTED_PROXIES: must be a number of proxies/);
    expect(() => parseServerEnv({ SALESDASH_TRUSTED_PROXIES: "-1" })).toThrow(/SALESDASH_TRUSTED_PROXIES: must be 0 or more/);
    expect(() => parseServerEnv({ SALESDASH_TRUSTED_PROXIES: "1.5" })).toThrow(/SALESDASH_TRUSTED_PROXIES: must be a whole number/);
  });
});
