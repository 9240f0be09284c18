import "server-only";

// The one wrapper of every server action: the account and its client from the session (never
// from the browser), the key type checked, the input checked with zod, and one result shape
// whose failure is the route handlers' error body ({code, message, correlation_id}), so the
// browser reads every failure of the product the same way.
import type { z } from "zod";
import { getSessionAccount, getSessionClient, type SessionAccount } from "@/lib/auth/session";
import { StorageUnavailableError } from "@/lib/store/storage-unavailable";
import { logStorageUnavailable } from "@/lib/store/storage-unavailable-log";
import type { ActionFailure, ActionResult } from "./action-result";
import type { MirroredClient } from "@/lib/mirror/range-reader";

export type { ActionFailure, ActionResult } from "./action-result";

export function actionFailure(code: string, message: string, correlationId?: string | null, values?: ActionFailure["values"]): { ok: false; error: ActionFailure } {
  return { ok: false, error: { code, message, ...(correlationId ? { correlation_id: correlationId } : {}), ...(values ? { values } : {}) } };
}

export interface ActionOptions {
  /** Affiliate keys are refused before the action runs (the same 403 sentence as the routes). */
  creatorOnly?: boolean;
}

function storageFailure(error: StorageUnavailableError, event: string) {
  const reference = logStorageUnavailable(event, error);
  return actionFailure("storage_unavailable", "Storage unavailable: nothing was changed. Try again in a moment.", reference);
}

export function sessionAction<S extends z.ZodType, T>(
  schema: S,
  run: (input: z.infer<S>, session: { account: SessionAccount; client: MirroredClient }) => Promise<ActionResult<T>>,
  options: ActionOptions = {},
) {
  return async (input: unknown): Promise<ActionResult<T>> => {
    try {
      const account = await getSessionAccount();
      const client = account && (await getSessionClient(account));
      if (!account || !client) return actionFailure("unauthenticated", "Your session has ended. Sign in again.");
      if (options.creatorOnly && account.keyType !== "creator") return actionFailure("forbidden", "This needs a creator key.");
      const parsed = schema.safeParse(input);
      if (!parsed.success) return actionFailure("invalid_request", parsed.error.issues[0]?.message ?? "That input was not understood.");
      return await run(parsed.data, { account, client });
    } catch (error) {
      if (!(error instanceof StorageUnavailableError)) throw error;
      return storageFailure(error, "action_storage_unavailable");
    }
  };
}

/** For the actions that come before a session (signing in): the input checked, the same result shape. */
export function publicAction<S extends z.ZodType, T>(schema: S, run: (input: z.infer<S>) => Promise<ActionResult<T>>) {
  return async (input: unknown): Promise<ActionResult<T>> => {
    try {
      const parsed = schema.safeParse(input);
      if (!parsed.success) return actionFailure("invalid_request", parsed.error.issues[0]?.message ?? "That input was not understood.");
      return await run(parsed.data);
    } catch (error) {
      if (!(error instanceof StorageUnavailableError)) throw error;
      return storageFailure(error, "action_storage_unavailable");
    }
  };
}
