"use server";

// "Forget my data": deletes the signed-in account's mirror, saved views, digest subscriptions,
// alerts and kept key, and signs this session out. The session's vault entry and then the kept
// key go first, so that nothing can restart the sync or refill the mirror while it is deleted; then the sync stops, reports still fetching for the
// account are given a moment to end, and the mirror is deleted (again after them, should one
// have written a day meanwhile). The session cookie is cleared like /session-ended does.
import { redirect } from "next/navigation";
import { z } from "zod";
import { actionFailure, sessionAction, type ActionResult } from "@/lib/actions/session-action";
import { getCredentialVault } from "@/lib/auth/credential-vault";
import { forgetKeptKey } from "@/lib/auth/kept-key";
import { clearSessionCookies } from "@/lib/auth/session-token";
import { log } from "@/lib/log/server-log";
import { withAccountSyncStopped } from "@/lib/mirror/account-sync";
import { forgetMirroredAccount } from "@/lib/mirror/forget-account";
import { deleteAccountShareLinks } from "@/lib/sharing/share-links";
import { getClientState } from "@/lib/sales-api";
import { getSavedViewStore } from "@/lib/views/saved-views";
import { alertStore, digestStore } from "@/lib/store/app-stores";

const REPORTS_GRACE_MS = 15_000;

const forgetMyData = sessionAction(z.object({}), async (_input, { account, client }): Promise<ActionResult<never>> => {
  const identity = client.identity;
  try {
    await getCredentialVault().remove(account.vaultRef);
  } catch {
    log("warn", { event: "mirror_forget_failed", kind: "vault" });
    return actionFailure("storage_unavailable", "Nothing was deleted: the session could not be ended. Try again in a moment.");
  }
  await clearSessionCookies();
  try {
    // The key kept for digests and alerts is another vault entry the server resumes the sync for.
    await forgetKeptKey(identity);
    // Under the account's sync lock: no instance's pass writes the mirror while it is deleted.
    await withAccountSyncStopped(identity, () => forgetMirroredAccount(identity));
    // Its share links too: their snapshots are copies of the account's figures.
    await deleteAccountShareLinks(identity);
    await getSavedViewStore().deleteAccount(identity);
    // Its digest subscriptions: the addresses it gave and what was sent to them.
    await digestStore().deleteAccount(identity);
    // Its alerts: the rules it set and the episodes told.
    await alertStore().deleteAccount(identity);
    const reports = getClientState().reports;
    if (reports.busy(identity)) {
      await reports.idle(identity, AbortSignal.timeout(REPORTS_GRACE_MS)).catch(() => undefined);
      await forgetMirroredAccount(identity);
    }
  } catch {
    log("warn", { event: "mirror_forget_failed", kind: "mirror" });
    return actionFailure("storage_unavailable", "You are signed out, but the stored copy could not be deleted. Sign in again and choose “Forget my data” once more.");
  }
  // To the sign-in page, which says that the copy is gone (the cookie is cleared with this answer).
  redirect("/sign-in?reason=forgotten");
});

/** Ends on the sign-in page when it succeeds; answers only when something failed. */
export async function forgetMyDataAction(): Promise<ActionResult<never>> {
  return forgetMyData({});
}
