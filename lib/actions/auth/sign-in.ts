"use server";

// Sign-in with a Sales API credential (an API key, or a client ID and key): checked upstream,
// sealed in the vault, and the session cookie next-auth would write (lib/auth/session-token.ts),
// holding the vault reference only. Answers where to go next: the safe callback path.
import { headers } from "next/headers";
import { z } from "zod";
import { actionFailure, publicAction } from "@/lib/actions/session-action";
import { safeCallbackPath } from "@/lib/auth/safe-callback";
import { setSessionCookie } from "@/lib/auth/session-token";
import { signInWithCredential } from "@/lib/auth/sign-in-credential";
import { getServerEnv } from "@/lib/env";
import { clientAddress } from "@/lib/http/client-address";
import type { SignInActionFailure } from "./sign-in-failure";

// Messages of their own: zod's could one day quote the value, and this value is a credential.
const signInSchema = z.object({
  apiKey: z.string({ error: "Enter your API key." }).max(1024, { error: "That API key is too long." }),
  clientId: z.string({ error: "Enter your client ID." }).max(512, { error: "That client ID is too long." }).optional(),
  name: z.string({ error: "The account name was not understood." }).max(200, { error: "The account name is too long." }).optional(),
  target: z.enum(["production", "staging"], { error: "Choose Production or Staging." }).optional(),
  callbackUrl: z.string().max(4096).optional(),
});

export type SignInActionInput = z.input<typeof signInSchema>;
type SignInResult = { ok: true; data: { redirectTo: string } } | { ok: false; error: SignInActionFailure };

const signIn = publicAction(signInSchema, async (input): Promise<SignInResult> => {
  // Checked first: without the secret no session can be written, and nothing should be vaulted.
  if (!getServerEnv().AUTH_SECRET) return actionFailure("not_configured", "Sign-in is not configured on this server (AUTH_SECRET is not set). Ask the person who runs this dashboard.");
  const result = await signInWithCredential(input, clientAddress(await headers()));
  if (!result.ok) {
    // The English sentence stays whole (with its reference); the reason and values let the page
    // say it in the reader's language.
    const failure = result.code === "storage_unavailable" ? { reason: "storage_unavailable" as const, reference: result.reference } : result.failure;
    return { ok: false, error: { ...actionFailure(result.code, result.message).error, ...(failure ?? {}) } };
  }
  await setSessionCookie(result.account);
  return { ok: true, data: { redirectTo: safeCallbackPath(input.callbackUrl) } };
});

export async function signInAction(input: SignInActionInput): Promise<SignInResult> {
  // The wrapper's own failures carry no reason: they are SignInActionFailures too.
  return signIn(input) as Promise<SignInResult>;
}
