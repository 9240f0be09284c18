// A report's deadline bounds what the upstream costs, not reading the account's own mirror: a
// range read slowly from the mirror must still leave the deadline's time for the days the
// mirror lacks (the Revenue report of two years once spent it all on the read, and left its
// comparison period unfetched on every visit).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { credentialFrom } from "@/lib/sales-api";
import { MemoryRateLimitStore } from "@/lib/sales-api/rate-limit";
import { createTransport } from "@/lib/sales-api/transport";
import { createMirroredClient } from "@/lib/mirror/mirror-access";
import type { MirrorStore } from "@/lib/store/mirror-store";
import { SqliteMirrorStore } from "@/lib/store/sqlite-mirror-store";
import { groundTruth } from "../../sandbox/ground-truth";
import { FIXED_NOW, startSandboxProcess, wire, type RunningSandbox } from "../support/sandbox-process";

let sb: RunningSandbox;
beforeAll(async () => void (sb = await startSandboxProcess(["--now", FIXED_NOW, "--rate-limit-per-minute", "100000"])));
afterAll(async () => sb?.stop());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The same store, reading each day slowly (a large account's days take that long to open). */
function slowReads(store: MirrorStore, msPerDay: number): MirrorStore {
  return new Proxy(store, {
    get(target, name, receiver) {
      const value = Reflect.get(target, name, receiver) as unknown;
      if (typeof value !== "function") return value;
      if (name !== "readDays" && name !== "readMeta") return value.bind(target);
      return async (account: string, resource: string, days: readonly string[]) => {
        await sleep(msPerDay * days.length);
        return (value as MirrorStore["readDays"]).call(target, account, resource, days);
      };
    },
  });
}

it("leaves the deadline's time for the days the mirror lacks, however long the mirror takes to read", async () => {
  const store = new SqliteMirrorStore(path.join(fs.mkdtempSync(path.join(os.tmpdir(), "mirror-deadline-")), "mirror.sqlite"));
  const base = {
    credential: credentialFrom({ apiKey: sb.creds.creator.apiKey }),
    target: "production" as const,
    transport: createTransport({ baseUrl: sb.creds.baseUrl, caFile: sb.creds.caFile, timeoutMs: 15_000 }),
    stores: { rateLimit: new MemoryRateLimitStore() },
  };
  const secret = "d".repeat(40);
  await createMirroredClient({ ...base, mirror: { store, serverSecret: secret } }).fetchRange("purchases", { from: "2026-05-01", to: "2026-05-20" });

  // The deadline leaves the upstream's answer seconds, not a moment: a loaded machine once took
  // over a second for the 11 days, and the test failed for a reason it does not test.
  const slow = createMirroredClient({ ...base, deadlineMs: 5_000, mirror: { store: slowReads(store, 300), serverSecret: secret } });
  // 20 days held (6 s to read: more than the deadline), 11 days missing.
  const { records, report } = await slow.fetchRange("purchases", { from: "2026-04-20", to: "2026-05-20" });
  expect(report.cacheHits).toBe(20);
  expect(report.requests).toBeGreaterThan(0);
  expect(report.unfetchedDays).toEqual([]);
  expect(wire(records)).toEqual(wire(groundTruth({ now: FIXED_NOW }, "creator", "purchases", "2026-04-20", "2026-05-21")));
  await store.close();
});
