// What the sign-in action answers on failure: the action result's failure (whose message is the
// English sentence with its reference) plus what the page needs to word it in the reader's
// language. A plain type module: "use server" files may export only async functions.
import type { ActionFailure } from "@/lib/actions/action-result";
import type { SignInFailureReason } from "@/lib/auth/verify-credential";

export interface SignInActionFailure extends ActionFailure {
  reason?: SignInFailureReason | "storage_unavailable";
  /** The logged reference, also quoted inside `message`. */
  reference?: string;
}
