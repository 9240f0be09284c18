// A kept key the upstream refuses, through the server's own wiring (issue #27, point 5): the
// vault holds only the key an account kept for its digests and alerts (its session has ended);
// the server's look at the vault starts the account's sync from it; the sandbox answers 401 for
// the revoked key; the kept key is deleted at once, each confirmed address of the account gets
// one mail saying so (at a real SMTP server in the test process), and nothing resumes the sync.
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { getCredentialVault } from "@/lib/auth/credential-vault";
import { keepKey, keptKeySince } from "@/lib/auth/kept-key";
import { resumeSessionSyncs } from "@/lib/auth/session-sync";
import { addressKeyOf, getDigestKeys, sealAddress } from "@/lib/digests/digest-keys";
import { createMirroredClient } from "@/lib/mirror/mirror-access";
import { credentialFrom } from "@/lib/sales-api";
import { digestStore } from "@/lib/store/app-stores";
import { getProcessState } from "@/lib/store/process-state";
import { removeTempDataDirs, tempDataDir, waitFor } from "../support/mirror-sync";
import { FIXED_NOW, startSandboxProcess, type RunningSandbox } from "../support/sandbox-process";
import { startSmtpSink } from "../support/smtp-sink";
import { addToDigestTally, duplicatesOf } from "../support/digest-tally";

let sb: RunningSandbox;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;

beforeAll(async () => {
  sb = await startSandboxProcess(["--now", FIXED_NOW]);
  sink = await startSmtpSink();
  // The process's stores and settings, as a server started with them has (read on first use).
  vi.stubEnv("AUTH_SECRET", "kept-key-contract-secret-0123456789abcdef");
  vi.stubEnv("SALES_API_BASE_URL", sb.creds.baseUrl);
  vi.stubEnv("SALES_API_CA_FILE", sb.creds.caFile);
  vi.stubEnv("SALESDASH_DATA_DIR", tempDataDir());
  vi.stubEnv("SALESDASH_DATABASE_URL", "");
  vi.stubEnv("SALESDASH_REDIS_URL", "");
  vi.stubEnv("SALESDASH_SMTP_URL", sink.url);
  vi.stubEnv("SALESDASH_MAIL_FROM", "Salesdash <digests@salesdash.test>");
  vi.stubEnv("NEXTAUTH_URL", "https://dash.example");
  vi.stubEnv("SALESDASH_SYNC_DAYS", "10");
});
afterAll(async () => {
  for (const sync of getProcessState().syncs.values()) sync.stop();
  await sink?.stop();
  await sb?.stop();
  removeTempDataDirs();
  vi.unstubAllEnvs();
});

it("deletes a kept key at the upstream's 401, tells each confirmed address once, and syncs it no more", async () => {
  const credential = credentialFrom({ apiKey: sb.creds.revoked.apiKey });
  const account = createMirroredClient({ credential, target: "production" }).identity;
  const keys = getDigestKeys();
  const subscriptions = [
    ["weekly-en", "owner@aurora.test", "weekly", "en", 1],
    ["alerts-pt", "dono@aurora.test", "alerts", "pt-BR", 1],
    ["pending-en", "later@aurora.test", "daily", "en", null],
  ] as const;
  for (const [id, address, cadence, locale, confirmedAt] of subscriptions) {
    await digestStore().create({ id, account, sealedAddress: sealAddress(keys, id, address), addressKey: addressKeyOf(keys, address), cadence, locale, timeZone: "America/Sao_Paulo", keyType: "creator", createdAt: 1, confirmedAt });
  }
  // Kept from a session that has since ended: the vault holds the kept key alone.
  const vault = getCredentialVault();
  const session = await vault.put({ credential, target: "production", keyType: "creator" }, 60_000);
  expect(await keepKey(account, session, Date.parse(FIXED_NOW), vault)).toBe(true);
  await vault.remove(session);
  expect((await vault.live()).length).toBe(1);

  // The server's look at the vault starts the account's sync from the kept key.
  expect(await resumeSessionSyncs()).toBe(1);
  await waitFor(async () => !getProcessState().syncs.has(account) && sink.received.length >= 2, "the sync to stop on the 401 and the mails to arrive");

  expect(await keptKeySince(account)).toBeNull();
  expect(await vault.live()).toEqual([]);
  expect(sink.received.map((m) => [m.to.join(","), m.parsed.subject]).sort()).toEqual([
    ["dono@aurora.test", "Salesdash: a Sales API recusou sua chave, e ela foi apagada"],
    ["owner@aurora.test", "Salesdash: the Sales API refused your key, and it was deleted"],
  ]);
  for (const mail of sink.received) expect(mail.raw).not.toContain(sb.creds.revoked.apiKey);
  // Nothing left to resume: the next looks start no sync and send nothing more.
  expect(await resumeSessionSyncs()).toBe(0);
  await new Promise((r) => setTimeout(r, 500));
  expect(sink.received).toHaveLength(2);
  expect(getProcessState().syncs.size).toBe(0);
  addToDigestTally({ sent: sink.received.length, duplicates: duplicatesOf(sink.received.map((m) => m.parsed.messageId)) });
});
