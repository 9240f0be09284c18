import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";

// getDemoAccounts reads the validated environment once per process: each case loads it afresh.
async function demoAccountsWith(env: Record<string, string | undefined>) {
  vi.resetModules();
  for (const [k, v] of Object.entries(env)) vi.stubEnv(k, v as string);
  const { getDemoAccounts } = await import("@/lib/auth/demo-accounts");
  return getDemoAccounts();
}

afterEach(() => vi.unstubAllEnvs());

describe("demo accounts on the sign-in page", () => {
  it("are offered only when the demo names the sandbox's credentials file", async () => {
    expect(await demoAccountsWith({ SALESDASH_DEMO_CREDENTIALS_FILE: "" })).toEqual([]);
  });

  it("list the creator and the affiliate (never the second creator or the revoked key)", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "demo-"));
    const file = path.join(dir, "credentials.json");
    const account = (n: string) => ({ clientId: `cli_${n}`, apiKey: `sak_${n}`, label: n });
    fs.writeFileSync(file, JSON.stringify({ creator: account("c"), creator2: account("c2"), affiliate: account("a"), revoked: account("r") }));
    const accounts = await demoAccountsWith({ SALESDASH_DEMO_CREDENTIALS_FILE: file });
    expect(accounts.map((a) => [a.role, a.apiKey])).toEqual([["creator", "sak_c"], ["affiliate", "sak_a"]]);
  });

  it("are absent, not an error, when the file is missing or malformed", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "demo-"));
    fs.writeFileSync(path.join(dir, "bad.json"), "{not json");
    expect(await demoAccountsWith({ SALESDASH_DEMO_CREDENTIALS_FILE: path.join(dir, "missing.json") })).toEqual([]);
    expect(await demoAccountsWith({ SALESDASH_DEMO_CREDENTIALS_FILE: path.join(dir, "bad.json") })).toEqual([]);
  });
});
