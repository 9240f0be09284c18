// The sentence a person reads for a failed action, in their language. The server's failures
// carry a code (and, for sign-in, a reason and its values); the code's sentence is taken from the
// messages, and a code the messages do not know keeps the server's English sentence. The
// reference stays in every case: it is what support looks up in the logs.
import { actionFailureText, type ActionFailure } from "@/lib/actions/action-result";
import type { SignInActionFailure } from "@/lib/actions/auth/sign-in-failure";

/** The slice of a next-intl translator of the "auth" namespace this needs. */
export interface FailureTranslator {
  (key: string, values?: Record<string, string | number>): string;
  has(key: string): boolean;
}

/** The action wrapper's own failures (session ended, storage unavailable…), any action. */
export function failureText(t: FailureTranslator, error: ActionFailure): string {
  const key = `failure.${error.code}`;
  if (!t.has(key)) return actionFailureText(error);
  return withReference(t, t(key, error.values), error.correlation_id);
}

/** A failed sign-in: its reason's sentence, else the code's, else the server's English. */
export function signInFailureText(t: FailureTranslator, error: SignInActionFailure): string {
  const reason = error.reason ? `signInFailure.${error.reason}` : null;
  if (reason && t.has(reason)) return withReference(t, t(reason, error.values), error.reference ?? error.correlation_id);
  const code = `signInFailure.${error.code}`;
  if (t.has(code)) return withReference(t, t(code), error.correlation_id);
  return failureText(t, error);
}

function withReference(t: FailureTranslator, message: string, reference: string | undefined): string {
  return reference ? t("failure.withReference", { message, reference }) : message;
}
