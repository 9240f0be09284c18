// A day that alone holds more than the API's 5000 records cannot be fetched whole: the mirror
// keeps it flagged incomplete, so a report read back from the mirror, with no upstream request,
// still says so instead of passing the newest 5000 off as the day.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { credentialFrom } from "@/lib/sales-api";
import { MemoryRateLimitStore } from "@/lib/sales-api/rate-limit";
import { createTransport } from "@/lib/sales-api/transport";
import { createMirroredClient } from "@/lib/mirror/mirror-access";
import { SqliteMirrorStore } from "@/lib/store/sqlite-mirror-store";
import { groundTruth } from "../../sandbox/ground-truth";
import { FIXED_NOW, startSandboxProcess, wire, type RunningSandbox } from "../support/sandbox-process";

let big: RunningSandbox;
beforeAll(async () => void (big = await startSandboxProcess(["--now", FIXED_NOW, "--scale", "63", "--rate-limit-per-minute", "100000"])));
afterAll(async () => big?.stop());

it("stays flagged incomplete in the mirror and in a report read back from it", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "mirror-incomplete-"));
  const store = new SqliteMirrorStore(path.join(dir, "mirror.sqlite"));
  const options = {
    credential: credentialFrom({ apiKey: big.creds.creator.apiKey }),
    target: "production" as const,
    transport: createTransport({ baseUrl: big.creds.baseUrl, caFile: big.creds.caFile, timeoutMs: 15_000 }),
    stores: { rateLimit: new MemoryRateLimitStore() },
    mirror: { store, clock: () => Date.parse(FIXED_NOW), serverSecret: "s".repeat(40) },
  };
  const days = ["2026-06-12", "2026-06-13", "2026-06-14"];
  const truthOf = (day: string) => wire(groundTruth({ now: FIXED_NOW, scale: 63 }, "creator", "purchases", day, `2026-06-${Number(day.slice(8)) + 1}`));
  const full = days.filter((day) => truthOf(day).length > 5000);
  expect(full.length).toBeGreaterThan(0);
  expect(full.length).toBeLessThan(days.length);

  const first = await createMirroredClient(options).fetchRange("purchases", { from: days[0]!, to: days[2]! });
  expect(first.report.incompleteDays).toEqual([...full].reverse());
  const held = await store.listDays(createMirroredClient(options).identity, "purchases");
  expect(held.filter((d) => !d.complete).map((d) => d.day)).toEqual(full);

  // A fresh client (a later report, or after a restart): everything from the mirror.
  const again = await createMirroredClient(options).fetchRange("purchases", { from: days[0]!, to: days[2]! });
  expect(again.report.requests).toBe(0);
  expect(again.report.cacheHits).toBe(days.length);
  expect(again.report.complete).toBe(false);
  expect([...again.report.incompleteDays].sort()).toEqual(full);
  for (const day of days) {
    const truth = truthOf(day);
    expect(wire(again.records).filter((p) => p.checkoutInitializedAt.startsWith(day))).toEqual(truth.length > 5000 ? truth.slice(0, 5000) : truth);
  }
  await store.close();
});
