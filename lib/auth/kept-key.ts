import "server-only";

// A key kept for digests and alerts (issue #27, point 5). A session's credential goes with the
// session (8 h), so without this nothing is synced or sent while nobody is signed in. Keeping it
// is the account owner's choice, from the account menu: the session's credential is sealed again
// in the vault under the account's own name, with no expiry, and the server resumes its sync like
// a session's (lib/auth/session-sync.ts lists every vault entry). It goes with "stop and forget",
// with "Forget my data", and at once when the upstream refuses it (401), with a mail saying so.
import { getDigestSender } from "@/lib/digests/due-digests";
import { sendKeyStoppedNotice } from "@/lib/digests/key-stopped-notice";
import type { DigestSender } from "@/lib/digests/send-digest";
import { log } from "@/lib/log/server-log";
import { getCredentialVault, type CredentialVault } from "./credential-vault";

/** The vault's name for an account's kept key: one per account, whichever session kept it. */
export const keptKeyRef = (account: string): string => `kept:${account}`;

/** Keeps the credential of the session `sessionRef` for `account`; false when the session's entry is gone. */
export async function keepKey(account: string, sessionRef: string, at: number, vault: CredentialVault = getCredentialVault()): Promise<boolean> {
  const value = await vault.get(sessionRef);
  if (!value) return false;
  await vault.keep(keptKeyRef(account), { ...value, keptAt: at });
  // "Forget my data" in another tab may have ended the session meanwhile (and deleted the kept
  // key before this wrote it): what it forgot is not brought back.
  if (await vault.has(sessionRef)) return true;
  await vault.remove(keptKeyRef(account));
  return false;
}

/** Since when the account's key is kept, or null. */
export async function keptKeySince(account: string, vault: CredentialVault = getCredentialVault()): Promise<number | null> {
  return (await vault.get(keptKeyRef(account)))?.keptAt ?? null;
}

/** "Stop and forget", "Forget my data": answers whether a kept key was deleted. */
export function forgetKeptKey(account: string, vault: CredentialVault = getCredentialVault()): Promise<boolean> {
  return vault.remove(keptKeyRef(account));
}

/**
 * After the upstream refused the account's key: its kept copy is deleted (so the server stops
 * syncing it once nobody is signed in) and, if this call deleted it, the account's confirmed
 * addresses are told. Answers how many were.
 */
export async function stopRefusedKeptKey(account: string, at: number, options: { vault?: CredentialVault; sender?: DigestSender | null } = {}): Promise<number> {
  const vault = options.vault ?? getCredentialVault();
  const kept = await vault.get(keptKeyRef(account));
  // Of several instances seeing the 401, the one whose delete took the entry tells.
  if (!(await vault.remove(keptKeyRef(account)))) return 0;
  log("info", { event: "kept_key_refused" });
  const sender = options.sender === undefined ? getDigestSender() : options.sender;
  return sender ? sendKeyStoppedNotice(sender, account, kept?.keptAt ?? at, at) : 0;
}
