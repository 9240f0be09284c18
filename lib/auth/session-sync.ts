import "server-only";

// A session's part in its account's background sync (lib/mirror/account-sync.ts): the sync is
// registered in this process for as long as one of the account's sessions lasts (its vault
// entry), or its key kept for digests and alerts (lib/auth/kept-key.ts: a vault entry too), and
// its passes run as jobs of the queue. Sign-in registers it; the server registers it for every
// entry the vault holds when it starts, and looks again every 15 s, each look asking the queue
// for a pass of each account: so a sync whose session signed out while another lasts, or whose
// pass ran on an instance that died, is taken up again within that time. Reading a session
// never starts anything. After each of its passes the account's alerts are judged
// (lib/alerts/due-alerts.ts), also when a pass ends on the key refused, which deletes the kept
// key. Digests are the job queue's too (lib/digests/digest-jobs.ts).
import { log } from "@/lib/log/server-log";
import { runDueAlerts } from "@/lib/alerts/due-alerts";
import { ensureAccountSync } from "@/lib/mirror/account-sync";
import type { KeyType, SalesApiCredential } from "@/lib/sales-api";
import { processShared } from "@/lib/store/process-state";
import { getCredentialVault } from "./credential-vault";
import { stopRefusedKeptKey } from "./kept-key";

/** `account`: the identity of a client the caller already made for the credential. */
export function startSessionSync(vaultRef: string, credential: SalesApiCredential, target: "production" | "staging", keyType: KeyType, account?: string): string {
  const vault = getCredentialVault();
  return ensureAccountSync({
    credential,
    target,
    keyType,
    account,
    alive: () => vault.has(vaultRef),
    afterPass: async (client, at, signal) => {
      await runDueAlerts(client, keyType, at, { signal });
    },
    onRefused: async (client, at) => {
      // The key-refused alert is judged whatever became of the kept key's notice.
      try {
        await stopRefusedKeptKey(client.identity, at);
      } finally {
        await runDueAlerts(client, keyType, at, { refused: true });
      }
    },
  });
}

/**
 * Registers the sync of every account a held session belongs to, and asks for its pass: answers
 * how many accounts have one. An entry vaulted without its key type (before the server
 * resumed syncs itself) is left to its next sign-in.
 */
export async function resumeSessionSyncs(): Promise<number> {
  const accounts = new Set<string>();
  const identities = sessionIdentities();
  const live = await getCredentialVault().live();
  for (const { ref, value } of live) {
    if (!value.keyType) continue;
    // A session's account is known after its first look: a running sync is then found without building a client.
    const account = startSessionSync(ref, value.credential, value.target, value.keyType, identities.get(ref));
    identities.set(ref, account);
    accounts.add(account);
  }
  const held = new Set(live.map((entry) => entry.ref));
  for (const ref of identities.keys()) if (!held.has(ref)) identities.delete(ref);
  return accounts.size;
}

/** Each held session's account, by its vault reference: the process's, as its syncs are. */
const sessionIdentities = () => processShared("session-identities", () => new Map<string, string>());

// The longest an account's sync waits for another instance when the one running its pass dies
// (its lock is let go at once: lib/store/locks), and for this instance after a sign-in elsewhere.
const RESUME_EVERY_MS = 15_000;

/** From the server's start (instrumentation.ts): resumes the syncs now, then every 15 s. */
export function superviseSessionSyncs(everyMs = RESUME_EVERY_MS): () => void {
  let running = false;
  const resume = async () => {
    if (running) return;
    running = true;
    try {
      await resumeSessionSyncs();
    } catch (error) {
      // The vault's database away: the next look tries again.
      log("warn", { event: "sync_resume_failed", errorName: error instanceof Error ? error.name : "unknown" });
    } finally {
      running = false;
    }
  };
  void resume();
  const timer = setInterval(() => void resume(), everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
