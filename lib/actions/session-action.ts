import "server-only";

// The one wrapper of every server action: the account and its client from the session (never
// from the browser), the input checked with zod, and one result shape for every outcome.
import type { z } from "zod";
import { getSessionAccount, getSessionClient, type SessionAccount } from "@/lib/auth/session";
import { StorageUnavailableError } from "@/lib/store/storage-unavailable";
import { logStorageUnavailable } from "@/lib/store/storage-unavailable-log";
import type { SalesApiClient } from "@/lib/sales-api";

export type ActionResult<T> = { ok: true; data: T } | { ok: false; message: string };

export function sessionAction<S extends z.ZodType, T>(schema: S, run: (input: z.infer<S>, session: { account: SessionAccount; client: SalesApiClient }) => Promise<ActionResult<T>>) {
  return async (input: unknown): Promise<ActionResult<T>> => {
    try {
      const account = await getSessionAccount();
      const client = account && (await getSessionClient(account));
      if (!account || !client) return { ok: false, message: "Your session has ended. Sign in again." };
      const parsed = schema.safeParse(input);
      if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? "That input was not understood." };
      return await run(parsed.data, { account, client });
    } catch (error) {
      if (!(error instanceof StorageUnavailableError)) throw error;
      const reference = logStorageUnavailable("action_storage_unavailable", error);
      return { ok: false, message: `Storage unavailable: nothing was changed. Try again in a moment (reference ${reference}).` };
    }
  };
}
