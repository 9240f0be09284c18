import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { credentialFrom } from "@/lib/sales-api";
import { createTransport } from "@/lib/sales-api/transport";
import { MemoryRateLimitStore } from "@/lib/sales-api/rate-limit";
import { ensureAccountSync, getSyncStatus, stopAccountSync } from "@/lib/mirror/account-sync";
import { createMirroredClient } from "@/lib/mirror/mirror-access";
import { SqliteMirrorStore } from "@/lib/store/sqlite-mirror-store";
import { groundTruth } from "../../sandbox/ground-truth";
import { FIXED_NOW, startSandboxProcess, wire, type RunningSandbox } from "../support/sandbox-process";

let sb: RunningSandbox;
beforeAll(async () => void (sb = await startSandboxProcess(["--now", FIXED_NOW, "--rate-limit-per-minute", "100000"])));
afterAll(async () => sb?.stop());

it("smoke: sync fills the mirror, a report reads it with 0 requests", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "mirror-"));
  const store = new SqliteMirrorStore(path.join(dir, "mirror.sqlite"));
  const transport = createTransport({ baseUrl: sb.creds.baseUrl, caFile: sb.creds.caFile, timeoutMs: 15_000 });
  const credential = credentialFrom({ apiKey: sb.creds.creator.apiKey });
  const clock = () => Date.parse(FIXED_NOW);
  const rateLimit = new MemoryRateLimitStore();
  const secret = "x".repeat(40);
  const started = Date.now();
  const account = ensureAccountSync({ credential, target: "production", keyType: "creator", alive: async () => true, days: 60, store, clock, pauseMs: 600_000, client: { transport, serverSecret: secret, limits: { perMinute: 100000 }, stores: { rateLimit } } });
  for (;;) {
    const status = await getSyncStatus(account, "creator", { store, clock, days: 60 });
    if (status.passEndedAt) { console.log(status, Date.now() - started); break; }
    await new Promise((r) => setTimeout(r, 200));
  }
  await stopAccountSync(account);
  const before = (await sb.stats())[sb.creds.creator.clientId]?.requests ?? 0;
  const client = createMirroredClient({ credential, target: "production", transport, mirror: { store, clock, serverSecret: secret }, stores: { rateLimit } });
  const { records, report } = await client.fetchRange("purchases", { from: "2026-04-17", to: "2026-06-15" });
  const after = (await sb.stats())[sb.creds.creator.clientId]?.requests ?? 0;
  console.log(report.cacheHits, after - before, records.length, fs.statSync(path.join(dir, "mirror.sqlite")).size);
  expect(after - before).toBe(0);
  expect(wire(records)).toEqual(wire(groundTruth({ now: FIXED_NOW }, "creator", "purchases", "2026-04-17", "2026-06-16")));
});
