"use server";

// Sign-out: the session's vault entry is removed (what next-auth's signOut event did), so the
// cookie is worthless even if a copy of it survives, and the session cookie is cleared. An
// ended session answers "unauthenticated": the sign-in page then clears its cookie (/session-ended).
import { z } from "zod";
import { sessionAction, type ActionResult } from "@/lib/actions/session-action";
import { getCredentialVault } from "@/lib/auth/credential-vault";
import { clearSessionCookies } from "@/lib/auth/session-token";

const signOut = sessionAction(z.object({}), async (_input, { account }): Promise<ActionResult<{ redirectTo: string }>> => {
  await getCredentialVault().remove(account.vaultRef);
  await clearSessionCookies();
  return { ok: true, data: { redirectTo: "/sign-in" } };
});

export async function signOutAction(): Promise<ActionResult<{ redirectTo: string }>> {
  return signOut({});
}
