// A sandbox started for one contract test file, at the fixed clock and with a rate limit no test
// reaches, stopped after the file; `json` asks it as the creator account. The files that only
// read the creator's lists (limits, windows) share it.
import { afterAll, beforeAll } from "vitest";
import { FIXED_NOW, startSandboxProcess, type RunningSandbox } from "./sandbox-process";

export function creatorSandboxForFile() {
  let sb: RunningSandbox;
  beforeAll(async () => {
    sb = await startSandboxProcess(["--now", FIXED_NOW, "--rate-limit-per-minute", "100000"]);
  });
  afterAll(async () => sb?.stop());
  return { json: <T = any>(pathAndQuery: string) => sb.json<T>(pathAndQuery, sb.creds.creator.apiKey) };
}
