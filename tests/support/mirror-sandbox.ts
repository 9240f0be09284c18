import { afterAll, afterEach, beforeAll, vi } from "vitest";
import { createMirroredClient, type MirroredClientOptions } from "@/lib/mirror/mirror-access";
import type { ReportQuality } from "@/lib/reports/report-quality";
import { MemoryRateLimitStore } from "@/lib/sales-api/rate-limit";
import type { MirrorStore } from "@/lib/store/mirror-store";
import { again, credentialOf, NOW_MS, removeTempDataDirs, resetProcessState, SECRET, transportOf } from "./mirror-sync";
import { FIXED_NOW, startSandboxProcess, type RunningSandbox } from "./sandbox-process";

/**
 * The sandbox for a file of mirror contract tests, its rate limit raised, and AUTH_SECRET set as
 * in production: the mirror's account id is keyed by it, so it survives a restart. Stopped, its
 * temp data dirs removed and the environment restored after the file. With `resetEach`, the
 * sandbox's stats and the process state are reset after each test.
 */
export function mirrorSandbox({ resetEach = false } = {}) {
  const held = { sb: null as unknown as RunningSandbox };
  beforeAll(async () => {
    vi.stubEnv("AUTH_SECRET", SECRET);
    held.sb = await startSandboxProcess(["--now", FIXED_NOW, "--rate-limit-per-minute", "100000"]);
  });
  afterAll(async () => {
    await held.sb?.stop();
    removeTempDataDirs();
    vi.unstubAllEnvs();
  });
  if (resetEach)
    afterEach(async () => {
      await again(() => held.sb.reset());
      resetProcessState();
    });
  return held;
}

/** A client of the creator account reading `store` (and the fact tables given), as a report does. */
export function creatorReportClient(sb: RunningSandbox, store: MirrorStore, facts: Omit<NonNullable<MirroredClientOptions["mirror"]>, "store" | "clock" | "serverSecret"> = {}) {
  return createMirroredClient({ credential: credentialOf(sb, "creator"), target: "production", transport: transportOf(sb), stores: { rateLimit: new MemoryRateLimitStore() }, mirror: { store, clock: () => NOW_MS, serverSecret: SECRET, ...facts } });
}

/** A view without the moment it was computed at. */
export const timeless = <V extends { quality: ReportQuality }>(view: V) => ({ ...view, quality: { ...view.quality, freshness: view.quality.freshness && { ...view.quality.freshness, computedAt: 0 } } });
