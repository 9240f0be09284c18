import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { SessionAccount } from "@/lib/auth/session-decision";
import { parseReportParams, reportQuery } from "@/lib/report-params/parse";
import { refreshLiveShareLinks } from "@/lib/sharing/live-refresh";
import { buildShareableView } from "@/lib/sharing/shareable-view";
import { createShareLink, openShareLink } from "@/lib/sharing/share-links";
import { readSharedSnapshot, sharedSnapshot } from "@/lib/sharing/shared-snapshot";
import { sandboxClient } from "./sharing-sandbox-client";

// "Update the figures every day": a live link is rebuilt once a day from the account's data,
// a preset's days moving with today; a fixed link and a link built today are left alone.
const DAY = 86_400_000;
const DAY0 = new Date(Date.UTC(2026, 5, 15, 12, 0, 0));
const DAY1 = new Date(DAY0.getTime() + DAY);
const ACCOUNT: SessionAccount = { label: "Loja Azul", keyType: "creator", target: "production", vaultRef: "test" };
const SCOPE = { keyType: "creator" as const, creatorNos: [1] };
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "salesdash-live-refresh-"));

beforeAll(() => {
  vi.stubEnv("AUTH_SECRET", "live-refresh-secret-0123456789abcdef");
  vi.stubEnv("SALESDASH_DATA_DIR", path.join(dir, "data"));
  vi.stubEnv("SALESDASH_DATABASE_URL", "");
});
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
  vi.unstubAllEnvs();
});

async function share(raw: Record<string, string>, mode: "fixed" | "live", identity: string) {
  const client = sandboxClient(SCOPE, DAY0.getTime(), identity);
  const { params } = parseReportParams(raw, DAY0);
  const view = await buildShareableView("revenue", client, ACCOUNT, params);
  const query = reportQuery(params);
  const created = await createShareLink({ account: { identity }, report: "revenue", query, mode, expiry: { kind: "days", days: 30 }, password: null, snapshot: sharedSnapshot({ report: "revenue", keyType: "creator", accountLabel: "Loja Azul", query, builtAt: DAY0, view }), now: DAY0 });
  if (!created.ok) throw new Error(created.message);
  return created.token;
}

async function snapshotAt(token: string, now: Date) {
  const opened = await openShareLink(token, { now, countView: false });
  if (opened.kind !== "ok") throw new Error(opened.kind);
  return readSharedSnapshot(opened.snapshot)!;
}

describe("refreshing live share links", () => {
  it("rebuilds a live preset link the next day on the preset's new days, equal to the report built for them", async () => {
    const identity = "live-preset";
    const token = await share({ preset: "last_7_days" }, "live", identity);
    expect(await refreshLiveShareLinks(sandboxClient(SCOPE, DAY0.getTime(), identity), ACCOUNT, DAY0)).toBe(0);
    expect((await snapshotAt(token, DAY0)).query).toContain("from=2026-06-09&to=2026-06-15");

    const nextDay = sandboxClient(SCOPE, DAY1.getTime(), identity);
    expect(await refreshLiveShareLinks(nextDay, ACCOUNT, DAY1)).toBe(1);
    const snapshot = await snapshotAt(token, DAY1);
    expect(snapshot.builtAt).toBe(DAY1.toISOString());
    expect(snapshot.query).toContain("from=2026-06-10&to=2026-06-16");
    const expected = await buildShareableView("revenue", nextDay, ACCOUNT, parseReportParams({ preset: "last_7_days" }, DAY1).params);
    expect((snapshot.view as { kpis: unknown }).kpis).toEqual((expected as { kpis: unknown }).kpis);
    // Once a day: the same day again does nothing.
    expect(await refreshLiveShareLinks(nextDay, ACCOUNT, DAY1)).toBe(0);
  });

  it("keeps a live fixed range's days, and never touches a fixed snapshot", async () => {
    const identity = "live-fixed";
    const live = await share({ from: "2026-06-01", to: "2026-06-07" }, "live", identity);
    const fixed = await share({ preset: "last_7_days" }, "fixed", identity);
    expect(await refreshLiveShareLinks(sandboxClient(SCOPE, DAY1.getTime(), identity), ACCOUNT, DAY1)).toBe(1);
    const liveSnapshot = await snapshotAt(live, DAY1);
    expect(liveSnapshot.builtAt).toBe(DAY1.toISOString());
    expect(liveSnapshot.query).toContain("from=2026-06-01&to=2026-06-07");
    const fixedSnapshot = await snapshotAt(fixed, DAY1);
    expect(fixedSnapshot.builtAt).toBe(DAY0.toISOString());
    expect(fixedSnapshot.query).toContain("from=2026-06-09&to=2026-06-15");
  });
});
